import { useId, useState } from 'react';
import { exportAdminClients, exportAdminInvoices, exportAdminSites } from '../../api/generated/admin/admin';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { saveBlob } from '../../lib/download';

const EXPORTS = [
  { id: 'sites', label: 'Sites', file: 'sites', download: exportAdminSites },
  { id: 'clients', label: 'Clients', file: 'clients', download: exportAdminClients },
  { id: 'invoices', label: 'Factures', file: 'factures', download: exportAdminInvoices },
] as const;

type ExportId = (typeof EXPORTS)[number]['id'];

/**
 * 'Exporter les données': the three CSV exports (UTF-8 with BOM, `;`: French Excel opens them as they are). Each is
 * fetched with the session's token, then saved from a Blob.
 */
export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportId | null>(null);
  const [failed, setFailed] = useState(false);
  const panelId = useId();

  const run = async (item: (typeof EXPORTS)[number]) => {
    setBusy(item.id);
    setFailed(false);
    try {
      const blob = await item.download();
      saveBlob(blob, `vitrine-${item.file}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <Button variant="secondary" className="w-full" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        Exporter les données
      </Button>
      <div id={panelId} hidden={!open} className="mt-3 space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">Fichiers CSV (séparateur « ; ») lisibles dans Excel ou LibreOffice.</p>
        <div className="grid grid-cols-3 gap-2">
          {EXPORTS.map((item) => (
            <Button
              key={item.id}
              size="sm"
              variant="secondary"
              loading={busy === item.id}
              disabled={busy !== null}
              onClick={() => void run(item)}
              aria-label={`Exporter les ${item.label.toLowerCase()} (CSV)`}
            >
              {item.label}
            </Button>
          ))}
        </div>
        {failed ? <Alert tone="error">L'export a échoué. Réessayez.</Alert> : null}
      </div>
    </div>
  );
}
