import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { Image, Skeleton, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { Upload } from "@generated/model";
import "./catalogue";

export const THUMBNAIL_SIZE = 64;

/** An attachment a thumbnail can show: the images (a PDF keeps its chip only). */
export const isImage = (upload: Upload) => upload.mimetype.startsWith("image/");

/**
 * A claim photo's thumbnail. The file comes from the same download call as the chip's (a POST with the bearer token,
 * so no plain `<img src>`), and only once the thumbnail comes into view: a claim with many photos loads the visible
 * ones. Its alt text names the file; a click downloads it, as the chip does.
 */
export function PhotoThumbnail({
  upload,
  face,
  load,
  onDownload,
}: {
  upload: Upload;
  face: string;
  load: (upload: Upload) => Promise<Blob>;
  onDownload: () => void;
}) {
  const { t } = useLingui();
  const name = upload.originalFilename;
  const box = useRef<HTMLButtonElement>(null);
  const [visible, setVisible] = useState(
    () => typeof IntersectionObserver === "undefined",
  );
  useEffect(() => {
    if (visible || !box.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible]);

  const file = useQuery({
    queryKey: ["claim-photo", face, upload.id],
    queryFn: () => load(upload),
    enabled: visible,
    staleTime: Infinity,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(file.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data]);

  return (
    <UnstyledButton
      ref={box}
      onClick={onDownload}
      title={t`Download ${name}`}
      w={THUMBNAIL_SIZE}
      h={THUMBNAIL_SIZE}
    >
      {url ? (
        <Image
          src={url}
          alt={t`Photo ${name}`}
          w={THUMBNAIL_SIZE}
          h={THUMBNAIL_SIZE}
          fit="cover"
          radius="sm"
        />
      ) : (
        <Skeleton
          w={THUMBNAIL_SIZE}
          h={THUMBNAIL_SIZE}
          radius="sm"
          animate={file.isFetching}
          aria-hidden
        />
      )}
    </UnstyledButton>
  );
}
