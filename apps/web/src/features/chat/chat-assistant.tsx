import { useRef } from 'react';
import { track } from '../../lib/analytics';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { type ChatVendor, chatFrameUrl, clearChatMessage, launcherLabel } from './chat-rules';

/** The launcher button (bottom right). */
export function ChatLauncher({ vendor, onOpen }: { vendor: ChatVendor; onOpen(): void }) {
  return (
    <button
      type="button"
      className="chat-launcher"
      onClick={() => {
        track('chat_launcher_click', { vendor });
        onOpen();
      }}
    >
      <Icon name="chat" size={22} />
      <span>
        <span className="visually-hidden">Abrir el asistente, </span>
        {launcherLabel(vendor)}
      </span>
    </button>
  );
}

/** The assistant modal (1000 px wide, chat area 35rem high) with the vendor's static page. */
export function ChatModal({
  open,
  onClose,
  vendor,
  userId,
}: {
  open: boolean;
  onClose(): void;
  vendor: ChatVendor;
  userId: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  function clearChat() {
    track('chat_clear_click', { vendor });
    frame.current?.contentWindow?.postMessage(clearChatMessage(), window.location.origin);
  }
  return (
    <Dialog open={open} onClose={onClose} title="Asistente de Alcancía" className="dialog-chat">
      <div className="chat-body">
        {vendor === 'CHAT_CUSTOMGPT' && (
          <div className="chat-toolbar">
            <p className="chat-trial">Versión de prueba: las respuestas pueden tener errores.</p>
            <Button variant="secondary" size="small" onClick={clearChat}>
              Borrar chat
            </Button>
          </div>
        )}
        <iframe
          ref={frame}
          className="chat-frame"
          title="Chat con el asistente"
          src={chatFrameUrl(vendor, userId)}
        />
      </div>
    </Dialog>
  );
}
