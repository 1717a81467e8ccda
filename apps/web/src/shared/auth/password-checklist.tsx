import { isValidPassword, passwordRules } from '@alcancia/contract/rules';

/**
 * The live password checklist (spec's five rules, in its words). Tied to the password input by
 * id (aria-describedby); a polite live region says once when every rule is met.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const valid = isValidPassword(password);
  return (
    <div className="password-rules">
      <p className="visually-hidden" id={`${id}-title`}>
        La contraseña debe cumplir:
      </p>
      <ul id={id} className="checklist" aria-labelledby={`${id}-title`}>
        {passwordRules.map((rule) => {
          const ok = rule.test(password);
          return (
            <li key={rule.id} className={ok ? 'checklist-ok' : 'checklist-pending'}>
              <span className="checklist-icon" aria-hidden="true">
                {ok ? '✓' : '•'}
              </span>
              {rule.message}
              <span className="visually-hidden">{ok ? ' Cumplido.' : ' Pendiente.'}</span>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {valid ? 'Tu contraseña cumple todos los requisitos.' : ''}
      </p>
    </div>
  );
}
