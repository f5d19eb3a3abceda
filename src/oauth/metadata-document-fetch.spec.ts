import { MetadataFetchRefused, metadataDocumentFetch } from './metadata-document-fetch.js';

describe('metadataDocumentFetch', () => {
  const fetchDocument = metadataDocumentFetch({ allowLoopback: false });

  it.each([
    'https://[::127.0.0.1]/client.json',
    'https://[::ffff:127.0.0.1]/client.json',
    'https://[::ffff:0:10.0.0.1]/client.json',
    'https://[64:ff9b::10.0.0.1]/client.json',
    'https://[2002:a00:1::1]/client.json',
    'https://[fec0::1]/client.json',
    'https://127.0.0.1/client.json',
    'http://93.184.215.14/client.json',
  ])('refuses %s before any connection is attempted', async (url) => {
    await expect(fetchDocument(url)).rejects.toBeInstanceOf(MetadataFetchRefused);
  });
});
