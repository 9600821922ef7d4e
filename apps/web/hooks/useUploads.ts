'use client';

import { useSyncExternalStore } from 'react';
import { INITIAL_UPLOAD_STATE, type UploadQueue, type UploadQueueState } from '../lib/uploads/uploadTypes';

// The static prerender has no IndexedDB; the client renders the real queue right after hydration.
const readOnServer = () => INITIAL_UPLOAD_STATE;

/** The files of the open vault waiting for upload on this device (ATT8). */
export function useUploads(queue: UploadQueue): UploadQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getState, readOnServer);
}
