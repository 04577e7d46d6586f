/**
 * Saves a file the API answered (a Blob, fetched with the bearer token through the mutator: a plain link could not
 * carry the token) under the given name, through a temporary object URL.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
