import { useState } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

interface CopyOnceProps {
  /** The secret, shown once. */
  value: string;
  /** Accessible name of the value. */
  label: string;
  /** 'la clé', 'le secret'… : the buttons and the messages name it. */
  copyLabel: string;
  doneLabel: string;
  copiedText: string;
  failedText: string;
  onDone: () => void;
  codeClassName: string;
  actionsClassName?: string;
}

/** A value shown only once (an API key, a signing secret): the value, a copy button, an 'I copied it' button and the copy's outcome. */
export function CopyOnce({
  value,
  label,
  copyLabel,
  doneLabel,
  copiedText,
  failedText,
  onDone,
  codeClassName,
  actionsClassName,
}: CopyOnceProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <code aria-label={label} className={cn('block break-all rounded px-3 py-2 font-mono text-sm', codeClassName)}>
        {value}
      </code>
      <div className={cn('flex flex-wrap items-center gap-2', actionsClassName)}>
        <Button size="sm" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {doneLabel}
        </Button>
        <span role="status" className="text-sm">
          {copied === 'yes' ? copiedText : copied === 'failed' ? failedText : ''}
        </span>
      </div>
    </>
  );
}
