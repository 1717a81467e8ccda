import { communityPath, purchaseSuccessPath, subscriptionSuccessPath } from '../../lib/paths';
/**
 * The chat assistant (spec §4): shown only when the CHAT_BOT service control is enabled, never on
 * the community page nor on the checkouts; the modal embeds a static page under /assets chosen by the control's
 * reference, with the frame's fixed secret and the user id.
 */
/** The vendors operators choose from (the control's reference); ALADINA is the academy's own (issue 42). */
export type ChatVendor = 'CHAT_CUSTOMGPT' | 'CHAT_BOTPRESS' | 'ALADINA';
export const chatVendors: readonly ChatVendor[] = ['CHAT_CUSTOMGPT', 'CHAT_BOTPRESS', 'ALADINA'];

/** The fixed identifier the frame checks on every message it receives. */
export const chatFrameSecret = 'alcancia-chat-frame-v1';

/** When set, the launcher would go to the plans instead of opening the chat (off, spec §4). */
export const chatGoesToPurchase = false;

export function chatVendorOf(reference: string | null | undefined): ChatVendor {
  if (reference === 'CHAT_BOTPRESS' || reference === 'ALADINA') return reference;
  return 'CHAT_CUSTOMGPT';
}

export function showChatLauncher({
  enabled,
  userId,
  pathname,
}: {
  enabled: boolean | undefined;
  userId: string | null | undefined;
  pathname: string;
}): boolean {
  if (!enabled || !userId) return false;
  const path = pathname.toLowerCase();
  return !path.startsWith(communityPath) && !buttonFreePaths.some((prefix) => path.startsWith(prefix));
}

/**
 * Pages that disable the floating buttons (spec §4): the checkouts inside the shell, where the
 * launcher would sit over the card form and its pay button on a phone; they offer their own
 * messaging-app help link.
 */
const buttonFreePaths = ['/compra/', purchaseSuccessPath, subscriptionSuccessPath];

/** The address of the embedded page: /assets/customGPT.html or /assets/botPress.html. */
export function chatFrameUrl(vendor: ChatVendor, userId: string): string {
  const page = vendor === 'CHAT_BOTPRESS' ? 'botPress.html' : 'customGPT.html';
  const query = new URLSearchParams({ secretPostMessage: chatFrameSecret, userId });
  return `/assets/${page}?${query.toString()}`;
}

/** The window message that clears the conversation. */
export function clearChatMessage(): { secret: string; clearChat: true } {
  return { secret: chatFrameSecret, clearChat: true };
}

/** CHAT_CUSTOMGPT is a trial: its launcher says so and its modal can clear the chat. */
export function launcherLabel(vendor: ChatVendor): string {
  if (vendor === 'ALADINA') return 'Aladina';
  return vendor === 'CHAT_CUSTOMGPT' ? 'VERSIÓN DE PRUEBA' : 'Asistente';
}
