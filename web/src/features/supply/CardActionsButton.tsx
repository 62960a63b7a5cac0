import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

/**
 * A supply order card's actions button: the same before its menu has loaded (SupplyOrderCard.tsx) and as the loaded
 * menu's target (SupplyOrderCardMenu.tsx). Its own module, so that the board does not import the menu with it.
 */
export const CardActionsButton = forwardRef<HTMLButtonElement, { label: string } & ButtonHTMLAttributes<HTMLButtonElement>>(
  function CardActionsButton({ label, ...rest }, ref) {
    return (
      <ActionIcon ref={ref} variant="subtle" color="gray" size={24} aria-label={label} {...rest}>
        <IconDots size={16} />
      </ActionIcon>
    );
  },
);
