import type { CurrentUser } from '@alcancia/contract';
import type { KnowledgeLevel, LearningGoal } from '@alcancia/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError, apiRequest } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { unexpectedError } from '../auth/messages';
import { accountKeys } from './account-queries';
import './interests-questions.css';
import { Banner } from '../../ui/banner';

/** The options in her words (issue 30); the codes are the contract's. */
export const goalOptions: { value: LearningGoal; label: string }[] = [
  { value: 'ORDER_SPENDING', label: 'Ordenar mis gastos' },
  { value: 'GET_OUT_OF_DEBT', label: 'Salir de deudas' },
  { value: 'START_INVESTING', label: 'Empezar a invertir' },
  { value: 'ENTREPRENEURSHIP', label: 'Emprender' },
];

export const levelOptions: { value: KnowledgeLevel; label: string }[] = [
  { value: 'NOTHING', label: 'Nada todavía: empiezo desde cero, y está perfecto' },
  { value: 'SOME', label: 'Algo: conozco lo básico y quiero ordenarlo' },
  { value: 'A_LOT', label: 'Bastante: quiero ir más lejos' },
];

/**
 * The onboarding's two skippable questions (issue 30), at the top of the academy once her account
 * is validated: what she wants (one or more) and how much she knows. "Omitir" (or answering
 * nothing) stores a skip; either way the questions end and the academy goes on, with "Para vos"
 * when she answered. Loaded only while they are asked.
 */
export default function InterestsQuestions({ onDone }: { onDone(user: CurrentUser): void }) {
  const queryClient = useQueryClient();
  const [goals, setGoals] = useState<LearningGoal[]>([]);
  const [level, setLevel] = useState<KnowledgeLevel | null>(null);
  const [saving, setSaving] = useState<'answer' | 'skip' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const levelName = useId();

  async function save(kind: 'answer' | 'skip') {
    if (saving) return;
    setSaving(kind);
    setError(null);
    const body =
      kind === 'skip'
        ? { learningGoals: [], knowledgeLevel: null }
        : { learningGoals: goals, knowledgeLevel: level };
    try {
      const user = await apiRequest<CurrentUser>('/users/me', { method: 'PATCH', body });
      queryClient.setQueryData(accountKeys.currentUser, user);
      track(kind === 'skip' ? 'onboarding_interests_skipped' : 'onboarding_interests_answered', {
        goals: goals.join(','),
        level: level ?? '',
      });
      onDone(user);
    } catch (failure) {
      const momentary =
        failure instanceof ApiError &&
        (failure.internalCode === 'NETWORK_ERROR' || failure.internalCode === 'TOO_MANY_REQUESTS');
      setError(momentary ? failure.message : unexpectedError);
      setSaving(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(goals.length === 0 && level === null ? 'skip' : 'answer');
  }

  const toggle = (goal: LearningGoal) =>
    setGoals((current) => (current.includes(goal) ? current.filter((g) => g !== goal) : [...current, goal]));

  return (
    <section className="interests" aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        ¡Bienvenida! Contanos qué te trae por acá
      </h2>
      <p className="interests-intro">
        Con dos respuestas te mostramos primero los cursos que te sirven. Podés saltearlo.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={saving !== null}>
        <fieldset className="interests-group">
          <legend>¿Qué querés lograr?</legend>
          <p className="interests-hint">Podés elegir más de una.</p>
          <div className="interests-options">
            {goalOptions.map((option) => (
              <label key={option.value} className="interests-option">
                <input
                  type="checkbox"
                  name="learningGoals"
                  value={option.value}
                  checked={goals.includes(option.value)}
                  onChange={() => toggle(option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="interests-group">
          <legend>¿Cuánto sabés hoy de finanzas?</legend>
          <div className="interests-options interests-options-stacked">
            {levelOptions.map((option) => (
              <label key={option.value} className="interests-option">
                <input
                  type="radio"
                  name={levelName}
                  value={option.value}
                  checked={level === option.value}
                  onChange={() => setLevel(option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && <Banner tone="danger">{error}</Banner>}
        <div className="interests-actions">
          <Button
            type="button"
            variant="secondary"
            loading={saving === 'skip'}
            onClick={() => void save('skip')}
          >
            Omitir
          </Button>
          <Button type="submit" loading={saving === 'answer'}>
            Ver mis cursos
          </Button>
        </div>
      </form>
    </section>
  );
}
