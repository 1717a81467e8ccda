import { describe, expect, it } from 'vitest';
import { uploadErrorMessage } from './content-api';

describe('uploadErrorMessage', () => {
  it("shows the server's Spanish message, and nothing of an answer that is not the API's form", () => {
    expect(
      uploadErrorMessage(
        '{"internalCode":"UNSUPPORTED_FILE_TYPE","message":"El archivo no es un PDF válido."}',
      ),
    ).toBe('El archivo no es un PDF válido.');
    expect(uploadErrorMessage('Tus-Resumable Required\n')).toBeUndefined();
    expect(uploadErrorMessage('<html>502 Bad Gateway</html>')).toBeUndefined();
    expect(uploadErrorMessage(undefined)).toBeUndefined();
  });
});
