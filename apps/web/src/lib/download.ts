import { isAxiosError } from 'axios';
import { errorMessage } from './api-client';

/** The name the server chose: RFC 5987 `filename*=UTF-8''…` first (Vietnamese names), else `filename="…"`. */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A failed `responseType: 'blob'` call carries its JSON error envelope as a Blob; read it so the
 * server's Vietnamese message can be shown.
 */
export async function blobErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      const body: unknown = JSON.parse(await error.response.data.text());
      if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim()) {
        return body.message;
      }
    } catch {
      // Not JSON: keep the fallback.
    }
    return fallback;
  }
  return errorMessage(error, fallback);
}
