// Shared script of /assets/customGPT.html and /assets/botPress.html (no inline scripts: the
// site's CSP allows only same-origin scripts). Reads secretPostMessage and userId from the
// query, shows "not configured" without a vendor key, loads the vendor otherwise, and clears
// the conversation when the parent window posts { secret, clearChat: true }.
(() => {
  const vendor = document.documentElement.dataset.vendor;
  const params = new URLSearchParams(window.location.search);
  const secret = params.get('secretPostMessage') || '';
  const userId = params.get('userId') || '';
  const config = window.ALCANCIA_CHAT_CONFIG || {};
  const status = document.getElementById('chat-status');
  const root = document.getElementById('chat-root');
  const storageKey = `alcancia-chat-${vendor}-${userId}`;

  function show(title, text) {
    status.hidden = false;
    status.querySelector('h1').textContent = title;
    status.querySelector('p').textContent = text;
  }

  function loadScript(src, attributes) {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes || {})) script.setAttribute(name, value);
    script.onerror = () =>
      show(
        'No pudimos abrir el asistente',
        'El servicio del asistente no respondió. Probá de nuevo más tarde.',
      );
    document.head.appendChild(script);
  }

  function clearConversation() {
    try {
      for (const key of Object.keys(localStorage)) {
        if (key === storageKey || /^(bp-|botpress|customgpt)/i.test(key)) localStorage.removeItem(key);
      }
    } catch {
      // storage unavailable: nothing to clear
    }
    window.location.reload();
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.secret !== secret || !secret) return;
    if (data.clearChat === true) clearConversation();
  });

  if (!secret || !userId) {
    show('Asistente no disponible', 'Abrí el asistente desde la academia para conversar.');
    return;
  }

  if (vendor === 'customgpt') {
    const projectId = config.customGpt?.projectId;
    if (!projectId) {
      show(
        'Asistente no configurado',
        'El asistente de prueba todavía no está configurado en este sitio. Volvé a intentarlo más adelante.',
      );
      return;
    }
    root.hidden = false;
    root.innerHTML = '';
    const holder = document.createElement('div');
    holder.id = 'customgpt_chat';
    root.appendChild(holder);
    loadScript('https://cdn.customgpt.ai/js/embed.js', {
      'div-id': 'customgpt_chat',
      'p-id': projectId,
      'p-key': userId,
      width: '100%',
      height: '100%',
    });
  } else if (vendor === 'botpress') {
    const clientId = config.botpress?.clientId;
    if (!clientId) {
      show(
        'Asistente no configurado',
        'El asistente todavía no está configurado en este sitio. Volvé a intentarlo más adelante.',
      );
      return;
    }
    root.hidden = false;
    window.ALCANCIA_BOTPRESS = { clientId, userId };
    loadScript('https://cdn.botpress.cloud/webchat/v2.2/inject.js');
    loadScript('/assets/botpress-init.js');
  }
})();
