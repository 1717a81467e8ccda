import { useEffect, useId, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { Icon } from '../../ui/icons';
import { useLogout } from '../auth/use-logout';
import { useCurrentUser } from './account-queries';

function initialOf(name: string | undefined): string {
  return (name?.trim()[0] ?? '·').toUpperCase();
}

/**
 * The profile control. Desktop: a small menu with one option, "Cerrar Sesión". Mobile: the
 * control logs out directly. Both are drawn; CSS shows the one that fits the width.
 */
export function ProfileControl() {
  const user = useCurrentUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLButtonElement>(null);
  const name = user.data?.name;

  useEffect(() => {
    if (!open) return;
    item.current?.focus();
    function onDocument(event: MouseEvent) {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onDocument);
    return () => document.removeEventListener('mousedown', onDocument);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }

  return (
    <>
      <div className="profile profile-desktop" ref={wrapper}>
        <button
          ref={trigger}
          type="button"
          className="profile-trigger"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={name ? `Perfil de ${name}` : 'Perfil'}
          onClick={() => {
            track('profile_menu_click');
            setOpen((v) => !v);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          <span className="avatar" aria-hidden="true">
            {initialOf(name)}
          </span>
          <span className="profile-name" aria-hidden="true">
            {name ?? ''}
          </span>
          <Icon name="chevron" size={18} />
        </button>
        {open && (
          <div
            id={menuId}
            className="profile-menu"
            role="menu"
            aria-label="Perfil"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                close(true);
              } else if (event.key === 'Tab') {
                close(false);
              }
            }}
          >
            <button ref={item} type="button" role="menuitem" className="profile-menu-item" onClick={logout}>
              <Icon name="logout" size={20} />
              Cerrar Sesión
            </button>
          </div>
        )}
      </div>
      <button
        type="button"
        className="profile-mobile"
        onClick={() => {
          track('profile_logout_click');
          logout();
        }}
      >
        <span className="avatar" aria-hidden="true">
          {initialOf(name)}
        </span>
        <span className="profile-mobile-text">Cerrar Sesión</span>
      </button>
    </>
  );
}
