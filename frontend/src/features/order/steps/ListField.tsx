import { useFieldArray, useFormContext, type FieldPath } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { errorClass } from '../../../components/ui/form';
import { ChoiceGroup, iconButtonClass, PlusIcon, RemoveIcon } from '../form-controls';
import type { OrderFormValues } from '../order-wizard';

type ListName = 'services' | 'socialLinks' | 'extraEmails';

/**
 * A list that grows and shrinks (services, social links, extra addresses): one input per row, 'Ajouter…' below,
 * and a remove button per row only while more than `minRows` rows exist.
 */
export function ListField({
  name,
  legend,
  hint,
  itemLabel,
  addLabel,
  placeholder,
  error,
  validateItem,
  minRows = 1,
  maxRows,
  suffix,
  inputType = 'text',
  maxLength,
}: {
  name: ListName;
  legend: string;
  hint?: string;
  /** The accessible name of row n (from 1), e.g. 'Service 2'. */
  itemLabel: (n: number) => string;
  addLabel: string;
  placeholder?: string;
  /** The list's own error ('Ajoutez au moins un service.'). */
  error?: string;
  validateItem?: (value: string, index: number) => true | string;
  /** The remove button shows only when more rows than this exist. */
  minRows?: number;
  maxRows?: number;
  /** Shown after each input, e.g. '@boulangerie-martin.fr'. */
  suffix?: string;
  inputType?: 'text' | 'url';
  maxLength?: number;
}) {
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<OrderFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const rowErrors = errors[name] as Array<{ value?: { message?: string } } | undefined> | undefined;
  const full = maxRows !== undefined && fields.length >= maxRows;

  const add = () => {
    append({ value: '' }, { shouldFocus: true });
  };
  const removeAt = (index: number) => {
    remove(index);
    // Keep the keyboard in the list: on the row that took its place, or the new last one.
    const next = Math.min(index, fields.length - 2);
    if (next >= 0) setTimeout(() => setFocus(`${name}.${next}.value` as FieldPath<OrderFormValues>), 0);
  };

  return (
    <ChoiceGroup legend={legend} hint={hint} error={error}>
      <ul className="space-y-2">
        {fields.map((field, index) => {
          const rowError = rowErrors?.[index]?.value?.message;
          const inputId = `order-${name}-${index}`;
          return (
            <li key={field.id}>
              <div className="flex min-w-0 items-center gap-2">
                <input
                  id={inputId}
                  type={inputType}
                  aria-label={itemLabel(index + 1)}
                  placeholder={placeholder}
                  maxLength={maxLength}
                  aria-invalid={rowError ? true : undefined}
                  aria-describedby={rowError ? `${inputId}-error` : undefined}
                  autoCapitalize={inputType === 'url' || suffix ? 'none' : undefined}
                  spellCheck={inputType === 'url' || suffix ? false : undefined}
                  className={cn(inputClasses, suffix ? 'w-28! flex-none sm:w-48!' : 'min-w-0 flex-1')}
                  {...register(
                    `${name}.${index}.value` as const,
                    validateItem ? { validate: (v: string) => validateItem(v, index) } : undefined,
                  )}
                />
                {suffix ? (
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-600 dark:text-slate-300" aria-hidden="true">
                    {suffix}
                  </span>
                ) : null}
                {fields.length > minRows ? (
                  <button
                    type="button"
                    className={iconButtonClass}
                    onClick={() => removeAt(index)}
                    aria-label={`Retirer : ${itemLabel(index + 1)}`}
                  >
                    <RemoveIcon />
                  </button>
                ) : null}
              </div>
              {rowError ? (
                <p id={`${inputId}-error`} className={errorClass}>
                  {rowError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!full ? (
        <Button variant="secondary" size="sm" className={cn(fields.length > 0 && 'mt-3')} onClick={add}>
          <PlusIcon />
          {addLabel}
        </Button>
      ) : null}
    </ChoiceGroup>
  );
}
