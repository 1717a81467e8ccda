import { createHash, createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * The stand-in's certificates: a certification authority of its own ("AC de prueba", like ARCA's
 * homologation CA) and one taxpayer certificate it issued, whose subject names the CUIT as ARCA's
 * do (`serialNumber=CUIT 30712345678`). The API signs its login requests with that certificate and
 * key; WSAA trusts only certificates its CA issued.
 */
export interface ArcaPki {
  cuit: string;
  caCertPem: string;
  caKeyPem: string;
  certPem: string;
  keyPem: string;
}

function rsaKeys() {
  // node's generator is native and fast; node-forge's is plain JavaScript and takes seconds.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}

function serial(seed: string): string {
  // A positive serial number: 16 hex digits whose first one is below 8.
  return `0${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`;
}

export function createPki(cuit: string): ArcaPki {
  const now = new Date();
  const ca = rsaKeys();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = serial(`ca-${now.toISOString()}-${Math.random()}`);
  caCert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  caCert.validity.notAfter = new Date(now.getTime() + 5 * 365 * 24 * 3600_000);
  const caSubject = [
    { name: 'countryName', value: 'AR' },
    { name: 'organizationName', value: 'Alcancia sandbox' },
    { name: 'commonName', value: 'AC de prueba (stand-in de ARCA)' },
  ];
  caCert.setSubject(caSubject);
  caCert.setIssuer(caSubject);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const client = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = client.publicKey;
  cert.serialNumber = serial(`client-${cuit}-${now.toISOString()}-${Math.random()}`);
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(now.getTime() + 2 * 365 * 24 * 3600_000);
  cert.setSubject([
    { name: 'countryName', value: 'AR' },
    { name: 'organizationName', value: 'Alcancia' },
    { name: 'commonName', value: 'alcancia-facturacion' },
    { name: 'serialNumber', value: `CUIT ${cuit}` },
  ]);
  cert.setIssuer(caSubject);
  cert.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(ca.privateKey, forge.md.sha256.create());

  return {
    cuit,
    caCertPem: forge.pki.certificateToPem(caCert),
    caKeyPem: forge.pki.privateKeyToPem(ca.privateKey),
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(client.privateKey),
  };
}

export class CmsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const oids = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  messageDigest: '1.2.840.113549.1.9.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
};

type Asn1 = forge.asn1.Asn1;
const kids = (node: Asn1 | undefined): Asn1[] => (Array.isArray(node?.value) ? (node.value as Asn1[]) : []);
const bytesOf = (node: Asn1): string =>
  typeof node.value === 'string' ? node.value : kids(node).map(bytesOf).join('');

/**
 * Verifies a CMS SignedData (PKCS#7, content attached) the way WSAA does: the signature over the
 * signed attributes with the embedded certificate's key, the message digest over the content, and
 * the certificate issued by `caCertPem` and valid now. Returns the signed content and the signer.
 */
export function verifyCms(
  base64: string,
  caCertPem: string,
  now = new Date(),
): { content: string; signer: X509Certificate } {
  let root: Asn1;
  try {
    root = forge.asn1.fromDer(forge.util.decode64(base64.replace(/\s+/g, '')));
  } catch {
    throw new CmsError('cms.bad', 'El CMS no es valido');
  }
  const [typeOid, wrapped] = kids(root);
  if (!typeOid || forge.asn1.derToOid(bytesOf(typeOid)) !== oids.signedData) {
    throw new CmsError('cms.bad', 'El CMS no es un SignedData');
  }
  const signedData = kids(wrapped)[0];
  const parts = kids(signedData);
  const contentInfo = parts[2];
  const contentWrapper = kids(contentInfo)[1];
  const contentNode = kids(contentWrapper)[0];
  if (!contentNode) throw new CmsError('cms.bad', 'El CMS no trae el TRA (firma separada)');
  const content = bytesOf(contentNode);
  const certificates = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const certNode = kids(certificates)[0];
  if (!certNode) throw new CmsError('cms.cert.notFound', 'El CMS no trae el certificado firmante');
  const certDer = Buffer.from(forge.asn1.toDer(certNode).getBytes(), 'binary');
  const signer = new X509Certificate(certDer);
  const signerInfo = kids(parts[parts.length - 1])[0];
  const signerParts = kids(signerInfo);
  const digestOid = forge.asn1.derToOid(bytesOf(kids(signerParts[2])[0] as Asn1));
  const signedAttributes = signerParts.find(
    (p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0,
  );
  const signature = signerParts[signerParts.length - 1];
  if (!signedAttributes || !signature) throw new CmsError('cms.bad', 'El CMS no trae atributos firmados');
  const hash = digestOid === oids.sha256 ? 'sha256' : digestOid === oids.sha1 ? 'sha1' : null;
  if (!hash) throw new CmsError('cms.bad', 'Algoritmo de digesto no soportado');

  const digestAttribute = kids(signedAttributes).find(
    (attr) => forge.asn1.derToOid(bytesOf(kids(attr)[0] as Asn1)) === oids.messageDigest,
  );
  const digestValue = digestAttribute ? bytesOf(kids(kids(digestAttribute)[1])[0] as Asn1) : '';
  const contentDigest = createHash(hash).update(Buffer.from(content, 'binary')).digest('binary');
  if (digestValue !== contentDigest)
    throw new CmsError('cms.sign.invalid', 'Firma inválida o algoritmo no soportado');

  // The signature covers the DER of the attributes as a SET (tag 0x31), not as the [0] they travel in.
  const attributesDer = Buffer.from(forge.asn1.toDer(signedAttributes).getBytes(), 'binary');
  attributesDer[0] = 0x31;
  const verifier = createVerify(hash);
  verifier.update(attributesDer);
  if (!verifier.verify(signer.publicKey, Buffer.from(bytesOf(signature), 'binary'))) {
    throw new CmsError('cms.sign.invalid', 'Firma inválida o algoritmo no soportado');
  }
  const ca = new X509Certificate(caCertPem);
  if (!signer.verify(ca.publicKey) || signer.issuer !== ca.subject) {
    throw new CmsError('cms.cert.untrusted', 'Certificado no emitido por AC de confianza');
  }
  if (new Date(signer.validFrom) > now || new Date(signer.validTo) < now) {
    throw new CmsError('cms.cert.expired', 'Certificado expirado');
  }
  return { content: Buffer.from(content, 'binary').toString('utf8'), signer };
}
