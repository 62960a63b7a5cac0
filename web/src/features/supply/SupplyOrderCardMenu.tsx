import { useEffect, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Menu } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { CardActionsButton } from './CardActionsButton';
import './catalogue';

export interface CardMenuProps {
  label: string;
  onEdit: () => void;
  onRemove: () => void;
}

/**
 * A card's Edit and Remove menu, loaded on the first use of any card's actions button (SupplyOrderCard.tsx): Mantine's
 * Menu brings Floating UI, which the board's first screen does not need. It mounts in place of that button and opens
 * at once, after taking the focus, so that closing the menu gives the focus back to it.
 */
export default function SupplyOrderCardMenu({ label, onEdit, onRemove }: CardMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <CardActionsButton ref={target} label={label} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
          <Trans>Edit</Trans>
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
          <Trans>Remove</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
