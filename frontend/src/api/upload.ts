import { CONNECTION_ERROR, ApiError, errorFromBody, signOutEverywhere, tokenStore } from './client';

/**
 * POSTs a multipart body under /api reporting how much of it has been sent (fetch cannot report
 * upload progress; XMLHttpRequest can). Errors come back as the same ApiError the fetch client throws.
 */
export function postWithProgress<T>(path: string, body: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(CONNECTION_ERROR, 0));
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON: the status decides below */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parsed as T);
        return;
      }
      if (xhr.status === 401 && token) signOutEverywhere();
      reject(errorFromBody(parsed, xhr.status));
    };
    xhr.send(body);
  });
}
