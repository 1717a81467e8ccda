// Vendor keys of the chat assistant, filled in by the operator at deploy time. Empty values
// mean "not configured": the chat pages then say so instead of loading a vendor.
// The site's Content-Security-Policy must also allow the vendor's origins (script-src,
// connect-src, frame-src) before a vendor can load.
window.ALCANCIA_CHAT_CONFIG = {
  customGpt: { projectId: '' },
  botpress: { clientId: '' },
};
