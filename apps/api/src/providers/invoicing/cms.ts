import forge from 'node-forge';

/**
 * The login ticket request (TRA) WSAA wants: who asks (unique id, times) for which service, signed
 * as CMS SignedData (PKCS#7) with the taxpayer's certificate and key, content attached, DER in
 * base64. Times carry Argentina's offset, as ARCA's own examples do.
 */
export function loginTicketRequest(service: string, now: Date, minutes = 10): string {
  const stamp = (date: Date) => `${new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header>` +
    `<uniqueId>${Math.floor(now.getTime() / 1000)}</uniqueId>` +
    `<generationTime>${stamp(new Date(now.getTime() - minutes * 60_000))}</generationTime>` +
    `<expirationTime>${stamp(new Date(now.getTime() + minutes * 60_000))}</expirationTime>` +
    `</header><service>${service}</service></loginTicketRequest>`
  );
}

export function signTicketRequest(tra: string, certPem: string, keyPem: string): string {
  const certificate = forge.pki.certificateFromPem(certPem);
  const key = forge.pki.privateKeyFromPem(keyPem);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(tra, 'utf8');
  signed.addCertificate(certificate);
  signed.addSigner({
    key,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest as string },
      { type: forge.pki.oids.signingTime as string, value: new Date() as unknown as string },
    ],
  });
  signed.sign();
  return forge.util.encode64(forge.asn1.toDer(signed.toAsn1()).getBytes());
}
