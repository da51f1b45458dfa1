/** Hands `data` to the browser as a JSON file to save, without a round trip to the server. */
export function saveJson(fileName: string, data: unknown): void {
  saveText(fileName, JSON.stringify(data, null, 2), 'application/json');
}

/** Hands `text` to the browser as a file to save. */
export function saveText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
