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

const LABEL = "Attached photos (production labels, product defects)";

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
  const done = items.filter((item) => item.upload && !item.removed);
  const removed = items.filter((item) => item.upload && item.removed);
  const pending = items.filter((item) => !item.upload);
  return (
    <Input.Wrapper label={LABEL} id="claim-attachments">
      <Stack gap="xs" mt={4} role="group" aria-label={LABEL}>
        <Group gap="xs">
          {done.length === 0 && (
            <Text size="sm" c="dimmed">
              No files attached.
            </Text>
          )}
          {done.map((item) => {
            const upload = item.upload!;
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
                    title={`Download ${item.name}`}
                  >
                    {item.name}
                  </Button>
                  {!disabled && (
                    <CloseButton
                      size="sm"
                      radius="xl"
                      aria-label={`Remove ${item.name}`}
                      onClick={() => onRemove(item.key)}
                    />
                  )}
                </Group>
              </Group>
            );
          })}
        </Group>
        {removed.map((item) => (
          <Group key={item.key} gap="xs" wrap="nowrap" data-removed>
            <Text size="sm" td="line-through">
              {item.name}
            </Text>
            <Text size="sm" c="dimmed">
              Removed when you save the report.
            </Text>
            {!disabled && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => onKeep(item.key)}
                aria-label={`Keep ${item.name}`}
              >
                Keep
              </Button>
            )}
          </Group>
        ))}
        {pending.map((item) => (
          <Group key={item.key} gap="xs" wrap="nowrap">
            <Text
              size="sm"
              w={220}
              truncate="end"
              c={item.error ? "red" : undefined}
            >
              {item.name}
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
                aria-label={`Uploading ${item.name}`}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={
                item.error
                  ? `Remove ${item.name}`
                  : `Cancel upload of ${item.name}`
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
                Upload files
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
