import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { inputClasses } from './field';

/**
 * The search box of a list: typing changes nothing until 'Rechercher' (or Enter) submits; `value` is the search in
 * force (from the URL), and the box follows it when it changes elsewhere (back button, reset). Extra controls
 * (filters) go in `children`, before the box.
 */
export function SearchForm({
  label,
  placeholder,
  value,
  onSearch,
  children,
  className,
  inputClassName,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (search: string) => void;
  children?: ReactNode;
  className?: string;
  inputClassName?: string;
}) {
  const id = useId();
  const [input, setInput] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setInput(value);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(input.trim());
  };

  return (
    <form role="search" onSubmit={submit} className={cn('flex flex-col gap-2 sm:flex-row', className)}>
      {children}
      {/* On a phone the button goes under the box, so the box is wide enough for its placeholder. */}
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          type="search"
          placeholder={placeholder ?? label}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className={cn(inputClasses, 'min-w-0 sm:flex-1', inputClassName)}
        />
        <Button type="submit" variant="secondary">
          Rechercher
        </Button>
      </div>
    </form>
  );
}
