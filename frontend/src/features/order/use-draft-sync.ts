import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/http';
import type { DraftPatch, DraftSnapshot } from './draft-model';
import type { OrderDraftApi } from './order-draft-api';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** How long typing may pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export interface DraftSync {
  status: SaveStatus;
  /** The server's message when the last save failed. */
  error: string | null;
  /** The draft as the server last answered it. */
  saved: DraftSnapshot | null;
  /** Whether `saved` reflects every change made so far (its recap can be shown). */
  inSync: boolean;
  /** Something changed: save after a pause. */
  schedule: () => void;
  /** Save now (step changes, before payment); resolves once everything is saved. */
  flush: () => Promise<DraftSnapshot | null>;
  /** The draft, created on first need (first save, first photo). */
  ensureDraft: () => Promise<DraftSnapshot>;
}

/**
 * The autosave of the order draft: changes are saved after a pause, one request at a time (a change during a save is
 * sent right after it), the draft created by the first save. A draft the server no longer knows (purged, paid
 * elsewhere) is replaced by a new one holding the same answers.
 */
export function useDraftSync(api: OrderDraftApi, initialDraft: DraftSnapshot | null, buildPatch: () => DraftPatch): DraftSync {
  const draftRef = useRef<DraftSnapshot | null>(initialDraft);
  const creating = useRef<Promise<DraftSnapshot> | null>(null);
  const running = useRef<Promise<DraftSnapshot | null> | null>(null);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const patchRef = useRef(buildPatch);
  const [status, setStatus] = useState<SaveStatus>(initialDraft ? 'saved' : 'idle');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<DraftSnapshot | null>(initialDraft);
  const [inSync, setInSync] = useState(true);

  useEffect(() => {
    patchRef.current = buildPatch;
  });

  const ensureDraft = useCallback((): Promise<DraftSnapshot> => {
    if (draftRef.current) return Promise.resolve(draftRef.current);
    if (!creating.current) {
      creating.current = api
        .create(patchRef.current().planType)
        .then((draft) => {
          draftRef.current = draft;
          setSaved(draft);
          return draft;
        })
        .finally(() => {
          creating.current = null;
        });
    }
    return creating.current;
  }, [api]);

  const run = useCallback(async (): Promise<DraftSnapshot | null> => {
    let replaced = false;
    while (dirty.current) {
      dirty.current = false;
      setStatus('saving');
      try {
        const draft = await ensureDraft();
        const answer = await api.update(draft.id, patchRef.current());
        draftRef.current = answer;
        setSaved(answer);
      } catch (e) {
        if (isApiError(e) && e.status === 404 && !replaced) {
          // The draft is gone: start a new one with the same answers (photos cannot follow).
          replaced = true;
          draftRef.current = null;
          dirty.current = true;
          continue;
        }
        dirty.current = true;
        setStatus('error');
        setError(isApiError(e) ? e.message : 'Une erreur est survenue.');
        return null;
      }
    }
    setStatus('saved');
    setError(null);
    setInSync(true);
    return draftRef.current;
  }, [api, ensureDraft]);

  const flush = useCallback(async (): Promise<DraftSnapshot | null> => {
    clearTimeout(timer.current);
    // A save under way sends the latest answers when it ends (its loop sees `dirty`); wait for it first.
    while (running.current) await running.current;
    if (!dirty.current) return draftRef.current;
    const current = run().finally(() => {
      running.current = null;
    });
    running.current = current;
    return current;
  }, [run]);

  const schedule = useCallback(() => {
    dirty.current = true;
    setInSync(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Leaving the tab (or the page) sends what is pending.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' && dirty.current) void flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      // Leaving the wizard within the app: what was typed in the last moment is saved all the same.
      if (dirty.current) void flush();
    };
  }, [flush]);

  return { status, error, saved, inSync, schedule, flush, ensureDraft };
}
