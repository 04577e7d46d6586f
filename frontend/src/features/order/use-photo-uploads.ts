import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/http';
import type { DraftPhoto, DraftSnapshot } from './draft-model';
import type { OrderDraftApi } from './order-draft-api';
import { checkPhotoFiles, type PhotoRules } from './order-wizard';
import type { PhotoItem } from './steps/PhotoPicker';

const UPLOAD_FAILED = "L'envoi a échoué.";
const DELETE_FAILED = 'La suppression a échoué. Réessayez.';

const stored = (photo: DraftPhoto): PhotoItem => ({
  key: photo.id,
  name: photo.name,
  size: photo.size,
  status: 'done',
  progress: 1,
  // The grid shows the server's thumbnail (400 pixels wide at most), not the photo itself.
  previewUrl: photo.thumbnailUrl,
});

let localCounter = 0;

/** The server read the photo and refused it (its type, size, the count…): sending it again cannot succeed. */
const isRefusal = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

/**
 * The photos of the order: those already on the draft, and the new ones, each uploaded with its progress (checked
 * here first: type, size, count; the server checks again by content). Deleting one asks the server at once.
 */
export function usePhotoUploads(
  api: OrderDraftApi,
  initialPhotos: DraftPhoto[],
  ensureDraft: () => Promise<DraftSnapshot>,
  rules: PhotoRules,
) {
  const [photos, setPhotos] = useState<PhotoItem[]>(() => initialPhotos.map(stored));
  const [rejected, setRejected] = useState<string[]>([]);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const blobs = useRef(new Set<string>());
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  });

  const patch = (key: string, change: Partial<PhotoItem>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const upload = useCallback(
    async (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      patch(key, { status: 'uploading', progress: 0, error: undefined });
      try {
        const draft = await ensureDraft();
        const photo = await api.uploadPhoto(draft.id, file, {
          onProgress: (progress) => patch(key, { progress }),
          signal: controller.signal,
        });
        files.current.delete(key);
        // Keep the local preview (already decoded); the server's link serves after a reload.
        setPhotos((list) => list.map((p) => (p.key === key ? { ...stored(photo), previewUrl: p.previewUrl ?? photo.thumbnailUrl } : p)));
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (isRefusal(error)) {
          // Said once, above the grid; the photo leaves it and is not counted.
          files.current.delete(key);
          setPhotos((list) => list.filter((p) => p.key !== key));
          setRejected((list) => [...list, `« ${file.name} » : ${(error as Error).message}`]);
          return;
        }
        // A network or server failure: the photo stays, with 'Réessayer'.
        patch(key, { status: 'error', error: isApiError(error) && error.status !== 0 ? error.message : UPLOAD_FAILED });
      } finally {
        uploads.current.delete(key);
      }
    },
    [api, ensureDraft],
  );

  const add = useCallback(
    (chosen: File[]) => {
      setDeleteError(null);
      // Every photo in the grid takes a place, one waiting for 'Réessayer' too (as the picker counts them).
      const { accepted, rejected: refused } = checkPhotoFiles(chosen, photosRef.current.length, rules);
      setRejected(refused);
      const items = accepted.map((file): PhotoItem => {
        localCounter += 1;
        const key = `local-${localCounter}`;
        files.current.set(key, file);
        let previewUrl: string | undefined;
        if (typeof URL.createObjectURL === 'function') {
          previewUrl = URL.createObjectURL(file);
          blobs.current.add(previewUrl);
        }
        return { key, name: file.name, size: file.size, status: 'uploading', progress: 0, previewUrl };
      });
      setPhotos((list) => [...list, ...items]);
      for (const item of items) void upload(item.key, files.current.get(item.key)!);
    },
    [rules, upload],
  );

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file) void upload(key, file);
    },
    [upload],
  );

  const remove = useCallback(
    async (key: string) => {
      setDeleteError(null);
      setRejected([]);
      const photo = photosRef.current.find((p) => p.key === key);
      if (!photo) return;
      uploads.current.get(key)?.abort();
      files.current.delete(key);
      const index = photosRef.current.indexOf(photo);
      setPhotos((list) => list.filter((p) => p.key !== key));
      if (photo.status !== 'done') return;
      try {
        const draft = await ensureDraft();
        await api.deletePhoto(draft.id, photo.key);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return; // already gone
        setDeleteError(DELETE_FAILED);
        setPhotos((list) => [...list.slice(0, index), photo, ...list.slice(index)]);
      }
    },
    [api, ensureDraft],
  );

  useEffect(() => {
    const controllers = uploads.current;
    const urls = blobs.current;
    return () => {
      for (const controller of controllers.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const busy = photos.some((p) => p.status === 'uploading');
  const messages = deleteError ? [...rejected, deleteError] : rejected;
  return { photos, rejected: messages, busy, add, remove, retry, storedCount: photos.filter((p) => p.status === 'done').length };
}
