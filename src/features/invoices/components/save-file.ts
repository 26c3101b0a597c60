/** Hands a PDF to the browser as a download (a same-document blob URL: no network, works offline). */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the URL only holds the bytes in memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
