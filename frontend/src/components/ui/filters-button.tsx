import { Button } from './button';

/**
 * A phone's 'Filtres' button (with how many filters are on: 'Filtres (2)'): the admin lists fold their search and
 * filters behind it below 640 px, so that the first row shows; from 640 px it is hidden and the filters always show.
 * The filters' container takes `max-sm:hidden` while it is closed.
 */
export function FiltersButton({
  active,
  open,
  onToggle,
  controls,
}: {
  active: number;
  open: boolean;
  onToggle: () => void;
  /** The id of the filters' container */
  controls: string;
}) {
  return (
    <Button variant="secondary" size="sm" className="shrink-0 sm:hidden" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      Filtres{active ? ` (${active})` : ''}
    </Button>
  );
}
