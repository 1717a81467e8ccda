import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { accountPath } from '../../lib/paths';
import { useCurrentUser } from '../../shared/account/account-queries';
import { useLogout } from '../../shared/auth/use-logout';
import { Icon } from '../../ui/icons';

function initialOf(name: string | undefined): string {
  return (name?.trim()[0] ?? '·').toUpperCase();
}

/**
 * The profile control: one button that opens a small menu with "Mi cuenta" and "Cerrar Sesión",
 * on every width (desktop shows the name; a phone shows the initial only). Keyboard: Enter or
 * ArrowDown opens it on the first item, arrows move, Escape closes back to the button, Tab leaves.
 */
export function ProfileControl() {
  const user = useCurrentUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const name = user.data?.name;

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(current + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? items[0] : items.at(-1))?.focus();
    }
  }

  return (
    <div className="profile" ref={wrapper}>
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
          ref={menu}
          id={menuId}
          className="profile-menu"
          role="menu"
          aria-label="Perfil"
          onKeyDown={onMenuKeyDown}
        >
          <Link
            to={accountPath}
            role="menuitem"
            className="profile-menu-item"
            onClick={() => {
              track('profile_account_click');
              setOpen(false);
            }}
          >
            <Icon name="account" size={20} />
            Mi cuenta
          </Link>
          <button
            type="button"
            role="menuitem"
            className="profile-menu-item"
            onClick={() => {
              track('profile_logout_click');
              logout();
            }}
          >
            <Icon name="logout" size={20} />
            Cerrar Sesión
          </button>
        </div>
      )}
    </div>
  );
}
