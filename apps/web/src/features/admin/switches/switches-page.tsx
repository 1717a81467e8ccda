import type { AdminFeatureFlag, AdminServiceControl, Switches } from '@alcancia/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import { ConfirmDialog } from '../confirm-dialog';
import { switchDescription, switchLabel } from './switch-labels';

const switchesKey = ['admin', 'switches'] as const;

type Pending =
  | { kind: 'control'; item: AdminServiceControl; enabled: boolean }
  | { kind: 'flag'; item: AdminFeatureFlag; enabled: boolean }
  | null;

/**
 * /admin/interruptores (admin): service controls and feature flags. Each change asks first; every
 * API process reads them on each request, so learners see the change at once.
 */
export default function SwitchesPage() {
  usePageTitle('Servicios y funciones');
  const queryClient = useQueryClient();
  const switches = useQuery({
    queryKey: switchesKey,
    queryFn: ({ signal }) => apiRequest<Switches>('/admin/switches', { signal }),
    staleTime: 0,
  });
  const [pending, setPending] = useState<Pending>(null);
  const [resource, setResource] = useState('');
  const [reference, setReference] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  async function apply() {
    if (!pending) return;
    if (pending.kind === 'control') {
      const keepResource = resource.trim() === (pending.item.resource ?? '');
      // CHAT_BOT: which assistant its launcher opens (issue 42)
      const newReference =
        pending.item.name === 'CHAT_BOT' && reference !== (pending.item.reference ?? '') ? reference : null;
      await apiRequest(`/admin/service-controls/${pending.item.name}`, {
        method: 'PUT',
        body: {
          enabled: pending.enabled,
          ...(keepResource ? {} : { resource: resource.trim() || null }),
          ...(newReference ? { reference: newReference } : {}),
        },
      });
    } else {
      await apiRequest(`/admin/feature-flags/${pending.item.name}`, {
        method: 'PUT',
        body: { enabled: pending.enabled },
      });
    }
    setNotice(`${pending.enabled ? 'Encendiste' : 'Apagaste'} «${switchLabel(pending.item.name)}».`);
    await queryClient.invalidateQueries({ queryKey: switchesKey });
  }

  if (switches.isPending) return <Spinner />;
  if (switches.isError) return <Banner tone="danger">{adminErrorText(switches.error)}</Banner>;
  return (
    <section className="admin-stack">
      <h1>Servicios y funciones</h1>
      <div aria-live="polite">{notice && <Banner tone="success">{notice}</Banner>}</div>
      <SwitchTable
        title="Servicios"
        items={switches.data.serviceControls}
        onToggle={(item) => {
          setResource(item.resource ?? '');
          setReference(item.reference ?? '');
          setPending({ kind: 'control', item, enabled: !item.enabled });
        }}
      />
      <SwitchTable
        title="Funciones"
        items={switches.data.featureFlags}
        onToggle={(item) =>
          setPending({ kind: 'flag', item: item as AdminFeatureFlag, enabled: !item.enabled })
        }
      />
      {pending && (
        <ConfirmDialog
          open
          title={`${pending.enabled ? 'Encender' : 'Apagar'} «${switchLabel(pending.item.name)}»`}
          confirmLabel={pending.enabled ? 'Encender' : 'Apagar'}
          danger={!pending.enabled}
          onClose={() => setPending(null)}
          onConfirm={apply}
        >
          <p>{switchDescription(pending.item.name)}</p>
          <p>El cambio llega a todas las alumnas en segundos.</p>
          {pending.kind === 'control' && pending.item.name === 'CHAT_BOT' && (
            <SelectField
              label="Asistente que abre el botón"
              name="reference"
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            >
              <option value="CHAT_CUSTOMGPT">CustomGPT (versión de prueba)</option>
              <option value="CHAT_BOTPRESS">Botpress</option>
              <option value="ALADINA">Aladina, la asistente de la academia</option>
            </SelectField>
          )}
          {pending.kind === 'control' && (
            <TextField
              label="Dirección (opcional)"
              name="resource"
              value={resource}
              hint="Una dirección https://, una ruta que empiece con / o el código de un proveedor (MP)."
              onChange={(event) => setResource(event.target.value)}
            />
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

function SwitchTable<T extends AdminFeatureFlag>({
  title,
  items,
  onToggle,
}: {
  title: string;
  items: T[];
  onToggle(item: T): void;
}) {
  return (
    <div className="admin-panel">
      <h2>{title}</h2>
      <AdminTable
        caption={title}
        columns={['Nombre', 'Qué cambia para las alumnas', 'Estado', 'Último cambio', '']}
      >
        {items.map((item) => (
          <tr key={item.name}>
            <td>
              <strong>{switchLabel(item.name)}</strong>
            </td>
            <td>{switchDescription(item.name)}</td>
            <td>
              <span className={`admin-badge ${item.enabled ? 'admin-badge-ok' : ''}`}>
                {item.enabled ? 'Encendido' : 'Apagado'}
              </span>
            </td>
            <td>{formatDateTime(item.updatedAt)}</td>
            <td>
              <Button
                variant="secondary"
                size="compact"
                onClick={() => onToggle(item)}
                aria-label={`${item.enabled ? 'Apagar' : 'Encender'} «${switchLabel(item.name)}»`}
              >
                {item.enabled ? 'Apagar' : 'Encender'}
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
