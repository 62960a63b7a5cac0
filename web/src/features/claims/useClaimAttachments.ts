import { useEffect, useRef, useState } from 'react';
import { clientUploadsDeleteUploads } from '../../../../generated/web/endpoints/uploads/uploads';
import type { Upload } from '../../../../generated/web/model';
import { describeError } from '../../app/providers';
import { uploadFile } from './uploadFile';

/** One file of the claim: attached or just uploaded (`upload`), still uploading (`progress`), or failed (`error`). */
export interface Attachment {
  key: string;
  name: string;
  upload: Upload | null;
  /** 0..1 while uploading. */
  progress: number;
  error: string | null;
}

/** What the upload button takes (part 9): .jpg and other images, and PDF. */
export const ACCEPTED_FILES = 'image/*,.jpg,.jpeg,application/pdf,.pdf';
const accepted = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf' || /\.(jpe?g|pdf)$/i.test(file.name);

let counter = 0;

/**
 * The claim's attachments while it is edited. Each chosen file is uploaded at once (one request per file, with its
 * own progress and cancel) and stored unattached; saving the claim attaches the listed ones and detaches removed
 * ones. Files uploaded here but never saved with the claim are deleted again: when removed, and when the editor is
 * left without saving (Cancel marks pending uploads cancelled).
 */
export function useClaimAttachments(initial: Upload[], token: () => string | null) {
  const [items, setItems] = useState<Attachment[]>(() =>
    initial.map((upload) => ({ key: `upload-${upload.id}`, name: upload.originalFilename, upload, progress: 1, error: null })),
  );
  const uploading = useRef(new Map<string, AbortController>());
  const fresh = useRef(new Set<number>()); // uploaded here, not saved with the claim yet
  const saved = useRef(false);

  const update = (key: string, change: Partial<Attachment>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const discard = (ids: number[]) => {
    if (ids.length) clientUploadsDeleteUploads({ uploadsIds: ids }).catch(() => undefined); // unattached leftovers only
  };

  useEffect(() => {
    const running = uploading.current;
    const unsaved = fresh.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      if (!saved.current) discard([...unsaved]);
    };
  }, []);

  const add = (files: File[]) => {
    for (const file of files) {
      const key = `file-${++counter}`;
      if (!accepted(file)) {
        setItems((current) => [...current, { key, name: file.name, upload: null, progress: 0, error: 'Only .jpg and other images or PDF files can be attached.' }]);
        continue;
      }
      const controller = new AbortController();
      uploading.current.set(key, controller);
      setItems((current) => [...current, { key, name: file.name, upload: null, progress: 0, error: null }]);
      uploadFile(file, { token: token(), signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
        .then((upload) => {
          fresh.current.add(upload.id);
          update(key, { upload, progress: 1 });
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') update(key, { error: describeError(error) });
        })
        .finally(() => uploading.current.delete(key));
    }
  };

  /** Removes a chip: cancels its upload, deletes a file uploaded here; an attached file is detached on save. */
  const remove = (key: string) => {
    uploading.current.get(key)?.abort();
    const item = items.find((candidate) => candidate.key === key);
    if (item?.upload && fresh.current.delete(item.upload.id)) discard([item.upload.id]);
    setItems((current) => current.filter((candidate) => candidate.key !== key));
  };

  const ready = items.flatMap((item) => (item.upload ? [item.upload] : []));
  const initialIds = initial.map((upload) => upload.id).join();
  return {
    items,
    add,
    remove,
    busy: items.some((item) => !item.upload && !item.error),
    changed: ready.map((upload) => upload.id).join() !== initialIds,
    /** The `Uploads` of the claim to save. */
    uploads: ready.map((upload) => ({ id: upload.id })),
    /** After a successful save: the new files belong to the claim now; the removed ones may go (client face). */
    markSaved: (deleteRemoved: boolean) => {
      saved.current = true;
      if (deleteRemoved) discard(initial.filter((upload) => !ready.some((kept) => kept.id === upload.id)).map((upload) => upload.id));
    },
  };
}
