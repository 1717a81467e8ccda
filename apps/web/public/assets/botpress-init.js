// Starts Botpress webchat v2 embedded full size once its inject script is there.
(() => {
  const settings = window.ALCANCIA_BOTPRESS;
  const start = () => {
    if (!window.botpress) {
      setTimeout(start, 200);
      return;
    }
    window.botpress.init({
      clientId: settings.clientId,
      selector: '#chat-root',
      configuration: { hideWidget: true, botName: 'Asistente de Alcancía' },
      user: { data: { userId: settings.userId } },
    });
    window.botpress.on('webchat:ready', () => window.botpress.open());
  };
  if (settings) start();
})();
