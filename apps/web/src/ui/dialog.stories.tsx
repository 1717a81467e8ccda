import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextField } from './text-field';

export default { title: 'Dialog' } satisfies StoryDefault;

export const Confirmation: Story = () => {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Cancelar suscripción
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="¿Cancelás tu suscripción?">
        <div className="dialog-body">
          <p>Vas a seguir teniendo acceso hasta el final del período que ya pagaste.</p>
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Volver
            </Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={() => {
                setBusy(true);
                setTimeout(() => {
                  setBusy(false);
                  setOpen(false);
                }, 1500);
              }}
            >
              Sí, cancelar
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
};

export const WithForm: Story = () => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Cambiar correo</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Cambiar tu correo">
        <form className="dialog-body" onSubmit={(event) => event.preventDefault()}>
          <TextField label="Correo nuevo" type="email" error="Ese correo ya tiene una cuenta." />
          <div className="dialog-actions">
            <Button type="submit">Guardar</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
};
WithForm.storyName = 'With form (error)';
