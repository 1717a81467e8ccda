import type { InstallmentOption, ProgramPreview } from '@alcancia/contract';
import { useCallback, useRef, useState } from 'react';
import { useProgramInstallments } from '../../shared/checkout/program-checkout-api';
import { installmentChoiceError, installmentsToPay, keptChoice, offersInstallments } from './checkout-rules';
import { InstallmentSelect } from './installment-select';

/**
 * The program checkout's cuotas: the provider's options once the card's first six digits are
 * known, her choice (kept while it stays offered), its error, and the selector itself.
 */
export function useInstallmentChoice({
  id,
  program,
  promoCode,
  cardCheckout,
  onInvalid,
}: {
  /** the program of the address (the installments are asked for it) */
  id: string;
  program: ProgramPreview;
  promoCode: string | null;
  cardCheckout: boolean;
  onInvalid(): void;
}) {
  const [bin, setBin] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const ref = useRef<HTMLSelectElement>(null);
  const onBinChange = useCallback((next: string | null) => setBin(next), []);
  const offered = offersInstallments(program.installments);
  const cardBin = bin ? bin.slice(0, 6) : null;
  const installments = useProgramInstallments({
    id,
    bin: cardBin,
    paymentMethodId: null,
    promoCode,
    enabled: offered && cardCheckout,
  });
  const options: InstallmentOption[] | undefined =
    offered && cardBin && installments.data ? installments.data.options : undefined;
  const optionsPending = offered && cardBin !== null && installments.isPending;
  const choice = keptChoice(options, chosen);
  const choiceError = optionsPending
    ? 'Elegí una opción para avanzar'
    : installmentChoiceError(offered, options, chosen);

  function validate({ focus }: { focus: boolean }): boolean {
    setTouched(true);
    if (!choiceError) return true;
    if (focus) ref.current?.focus();
    onInvalid();
    return false;
  }

  const select = offered && (
    <InstallmentSelect
      ref={ref}
      options={options}
      cashPrice={program.price}
      loading={optionsPending}
      failed={cardBin !== null && installments.isError}
      value={choice}
      error={touched ? choiceError : null}
      onChange={(value) => {
        setChosen(value);
        setTouched(value === null);
      }}
      onBlur={() => setTouched(true)}
    />
  );

  return {
    chosenOption: options?.find((option) => option.installments === choice) ?? null,
    count: () => installmentsToPay(offered, options, chosen),
    onBinChange,
    reset: () => setChosen(null),
    validate,
    select,
  };
}
