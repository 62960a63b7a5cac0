import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Input,
  Progress,
  Stack,
  Text,
} from "@mantine/core";
import { IconFile, IconPhoto, IconUpload, IconX } from "@tabler/icons-react";
import type { Upload } from "@generated/model";
import { ACCEPTED_FILES, type Attachment } from "./useClaimAttachments";
import { isImage, PhotoThumbnail } from "./PhotoThumbnail";
import "./catalogue";

interface ClaimAttachmentsProps {
  items: Attachment[];
  /** The upload button (client face only: the API takes uploads from client users). */
  onAdd?: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** Keeps a file marked for removal. */
  onKeep: (key: string) => void;
  onDownload: (upload: Upload) => void;
  /** Reads a file for its thumbnail (the face's download call). */
  onLoad: (upload: Upload) => Promise<Blob>;
  face: string;
  disabled: boolean;
}

/**
 * 'Attached photos (production labels, product defects)': the attached files as chips (a click downloads, the x
 * removes), the images with a thumbnail beside their chip, a progress bar per file while it uploads (its x cancels it), the reason when one failed, and the upload
 * button (.jpg, images and PDF, several at once).
 */
export function ClaimAttachments({
  items,
  onAdd,
  onRemove,
  onKeep,
  onDownload,
  onLoad,
  face,
  disabled,
}: ClaimAttachmentsProps) {
  const { t } = useLingui();
  const label = t`Attached photos (production labels, product defects)`;
  const done = items.filter((item) => item.upload && !item.removed);
  const removed = items.filter((item) => item.upload && item.removed);
  const pending = items.filter((item) => !item.upload);
  return (
    <Input.Wrapper label={label} id="claim-attachments">
      <Stack gap="xs" mt={4} role="group" aria-label={label}>
        <Group gap="xs">
          {done.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>No files attached.</Trans>
            </Text>
          )}
          {done.map((item) => {
            const upload = item.upload!;
            const name = item.name;
            const Icon =
              upload.mimetype === "application/pdf" ? IconFile : IconPhoto;
            return (
              <Group key={item.key} gap={4} wrap="nowrap">
                {isImage(upload) && (
                  <PhotoThumbnail
                    upload={upload}
                    face={face}
                    load={onLoad}
                    onDownload={() => onDownload(upload)}
                  />
                )}
                <Group
                  gap={2}
                  wrap="nowrap"
                  bd="1px solid var(--mantine-color-default-border)"
                  bdrs="xl"
                  pr={4}
                >
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    radius="xl"
                    leftSection={<Icon size={14} />}
                    onClick={() => onDownload(upload)}
                    title={t`Download ${name}`}
                  >
                    {item.name}
                  </Button>
                  {!disabled && (
                    <CloseButton
                      size="sm"
                      radius="xl"
                      aria-label={t`Remove ${name}`}
                      onClick={() => onRemove(item.key)}
                    />
                  )}
                </Group>
              </Group>
            );
          })}
        </Group>
        {removed.map(({ key, name }) => (
          <Group key={key} gap="xs" wrap="nowrap" data-removed>
            <Text size="sm" td="line-through">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Removed when you save the report.</Trans>
            </Text>
            {!disabled && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onKeep(key)}
                aria-label={t`Keep ${name}`}
              >
                <Trans>Keep</Trans>
              </Button>
            )}
          </Group>
        ))}
        {pending.map(({ name, ...item }) => (
          <Group key={item.key} gap="xs" wrap="nowrap">
            <Text
              size="sm"
              w={220}
              truncate="end"
              c={item.error ? "red" : undefined}
            >
              {name}
            </Text>
            {item.error ? (
              <Text size="sm" c="red" flex={1} role="alert">
                {item.error}
              </Text>
            ) : (
              <Progress
                value={Math.round(item.progress * 100)}
                flex={1}
                animated
                aria-label={t`Uploading ${name}`}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={
                item.error ? t`Remove ${name}` : t`Cancel upload of ${name}`
              }
              onClick={() => onRemove(item.key)}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
        ))}
        {onAdd && (
          <FileButton
            onChange={(files) => onAdd(files)}
            accept={ACCEPTED_FILES}
            multiple
            disabled={disabled}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                w="fit-content"
                disabled={disabled}
              >
                <Trans>Upload files</Trans>
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
