import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { clientUploadsDeleteUploads } from '@generated/endpoints/claims/claims';
import type { Upload } from '@generated/model';
import { describeError } from '../../api/describeError';
import { ApiError } from '../../api/http';
import { UPLOAD_MESSAGES } from '../../api/messages';
import { uploadFile } from './uploadFile';
import './catalogue';

/** One file of the claim: attached or just uploaded (`upload`), still uploading (`progress`), or failed (`error`). */
export interface Attachment {
  key: string;
  name: string;
  upload: Upload | null;
  /** 0..1 while uploading. */
  progress: number;
  error: string | null;
  /** An attached file marked for removal: the claim's save removes it. */
  removed: boolean;
}

/** What the upload button takes (part 9): .jpg and other images, and PDF. */
export const ACCEPTED_FILES = 'image/*,.jpg,.jpeg,application/pdf,.pdf';
const accepted = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf' || /\.(jpe?g|pdf)$/i.test(file.name);

let counter = 0;

/** Why a file was not stored: the catalogue's text when the company's storage quota is full, else the API's reason. */
function uploadErrorText(error: unknown): string {
  const quota = error instanceof ApiError && error.status === 413 ? error.problem.errors?.find((issue) => issue.code === 'quota') : undefined;
  return quota ? UPLOAD_MESSAGES.quotaFull(quota.limit) : describeError(error);
}

/**
 * The claim's attachments while it is edited. Each chosen file is uploaded at once (one request per file, with its
 * own progress and cancel) and stored unattached; saving the claim attaches the listed ones. A file the claim already
 * holds is only marked for removal (it can be kept again) and the claim's save removes it: the API refuses to delete
 * an attached file on its own. Files uploaded here but never saved with the claim are deleted again: when removed,
 * and when the editor is left without saving (Cancel marks pending uploads cancelled).
 */
export function useClaimAttachments(initial: Upload[], token: () => string | null) {
  const [items, setItems] = useState<Attachment[]>(() =>
    initial.map((upload) => ({ key: `upload-${upload.id}`, name: upload.originalFilename, upload, progress: 1, error: null, removed: false })),
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
        setItems((current) => [...current, { key, name: file.name, upload: null, progress: 0, error: t`Only .jpg and other images or PDF files can be attached.`, removed: false }]);
        continue;
      }
      const controller = new AbortController();
      uploading.current.set(key, controller);
      setItems((current) => [...current, { key, name: file.name, upload: null, progress: 0, error: null, removed: false }]);
      uploadFile(file, { token: token(), signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
        .then((upload) => {
          fresh.current.add(upload.id);
          update(key, { upload, progress: 1 });
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') update(key, { error: uploadErrorText(error) });
        })
        .finally(() => uploading.current.delete(key));
    }
  };

  const isAttached = (item: Attachment) => item.upload !== null && initial.some((upload) => upload.id === item.upload!.id);

  /**
   * Removes a chip: cancels its upload or deletes a file uploaded here (not attached yet); a file the claim holds is
   * marked for removal, which the claim's save carries out.
   */
  const remove = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (item && isAttached(item)) {
      update(key, { removed: true });
      return;
    }
    uploading.current.get(key)?.abort();
    if (item?.upload && fresh.current.delete(item.upload.id)) discard([item.upload.id]);
    setItems((current) => current.filter((candidate) => candidate.key !== key));
  };

  /** Keeps a file marked for removal after all. */
  const keep = (key: string) => update(key, { removed: false });

  const ready = items.flatMap((item) => (item.upload && !item.removed ? [item.upload] : []));
  const initialIds = initial.map((upload) => upload.id).join();
  return {
    items,
    add,
    remove,
    keep,
    busy: items.some((item) => !item.upload && !item.error),
    changed: ready.map((upload) => upload.id).join() !== initialIds,
    /** The `Uploads` of the claim to save (the files marked for removal left out: the save removes them). */
    uploads: ready.map((upload) => ({ id: upload.id })),
    /** After a successful save: the new files belong to the claim now, and the save removed the marked ones. */
    markSaved: () => {
      saved.current = true;
    },
  };
}
