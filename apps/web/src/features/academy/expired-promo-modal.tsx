import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '../../lib/analytics';
import { plansPath } from '../../lib/paths';
import { readItem, writeItem } from '../../lib/storage';
import type { SubscriptionInfo } from '../../shared/account/account-queries';
import {
  notShowExpiredModalKey,
  parseOptedOut,
  showExpiredPromoModal,
} from '../../shared/account/account-rules';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';

const shownKey = 'expiredPromoModalShown';

/**
 * Academy home: the subscription that came from a promo code is over. Shown once per visit;
 * "No volver a mostrar" is stored for this user (local storage notShowExpiredModal); the action
 * goes to the plans.
 */
export function ExpiredPromoModal({
  userId,
  subscription,
}: {
  userId: string | null;
  subscription: SubscriptionInfo | undefined;
}) {
  const navigate = useNavigate();
  const [dontShow, setDontShow] = useState(false);
  const [open, setOpen] = useState(() => true);
  const visible =
    open &&
    subscription !== undefined &&
    showExpiredPromoModal({
      userId,
      lastUserServiceOrigin: subscription.lastUserServiceOrigin,
      isSubscribed: subscription.isSubscribed,
      shownThisVisit: readItem(shownKey, 'session') === userId,
      optedOut: parseOptedOut(readItem(notShowExpiredModalKey)),
    });

  function close(goToPlans: boolean) {
    if (userId) {
      writeItem(shownKey, userId, 'session');
      if (dontShow) {
        const list = parseOptedOut(readItem(notShowExpiredModalKey));
        if (!list.includes(userId)) writeItem(notShowExpiredModalKey, JSON.stringify([...list, userId]));
      }
    }
    setOpen(false);
    track(goToPlans ? 'expired_promo_modal_subscribe' : 'expired_promo_modal_close', {
      dontShowAgain: dontShow,
    });
    if (goToPlans) navigate(plansPath);
  }

  return (
    <Dialog
      open={visible}
      onClose={() => close(false)}
      title="Tu beneficio terminó"
      describedBy="expired-promo-text"
    >
      <DialogBody>
        <p id="expired-promo-text">
          El acceso que te dio tu código promocional ya venció. Suscribite para seguir aprendiendo con todos
          los cursos de la academia.
        </p>
        <label className="checkbox">
          <input type="checkbox" checked={dontShow} onChange={(event) => setDontShow(event.target.checked)} />
          No volver a mostrar
        </label>
        <DialogActions>
          <Button variant="secondary" onClick={() => close(false)}>
            Ahora no
          </Button>
          <Button onClick={() => close(true)} data-autofocus>
            Ver planes
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}
