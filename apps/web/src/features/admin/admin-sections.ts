import type { AdminPermission } from '@alcancia/contract/admin';

/**
 * The back office's sections, in menu order: its path under /admin and the permission it needs.
 * A new section adds its entry here and its page in admin-app.tsx.
 */
export interface AdminSection {
  path: string;
  label: string;
  permission: AdminPermission;
}

export const adminSections: AdminSection[] = [
  { path: 'miembros', label: 'Miembros', permission: 'members' },
  { path: 'pagos', label: 'Pagos y devoluciones', permission: 'payments' },
  { path: 'facturacion', label: 'Facturación', permission: 'payments' },
  { path: 'codigos', label: 'Códigos promocionales', permission: 'promo-codes' },
  { path: 'contenidos', label: 'Contenidos', permission: 'content' },
  { path: 'novedades', label: 'Novedades', permission: 'content' },
  { path: 'aladina', label: 'Aladina', permission: 'content' },
  { path: 'interruptores', label: 'Servicios y funciones', permission: 'switches' },
  { path: 'precios', label: 'Planes y precios', permission: 'prices' },
  { path: 'auditoria', label: 'Auditoría', permission: 'audit' },
  { path: 'seguridad', label: 'Mi acceso', permission: 'self' },
];
