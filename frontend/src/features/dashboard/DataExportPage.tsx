import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDownloadDataExport } from '../../api/generated/privacy/privacy';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert, Card, Container } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { saveBlob } from '../../lib/download';

export const dataExportTexts = {
  invalid: 'Ce lien de téléchargement est invalide. Ouvrez-le depuis l’e-mail reçu, connecté au compte qui a demandé l’archive.',
  failed: 'Le téléchargement n’a pas pu aboutir. Réessayez.',
  done: 'Votre archive est téléchargée. Le lien ne sert qu’une fois : pour une nouvelle archive, passez par votre profil.',
} as const;

/**
 * /dashboard/data-export?export=…&token=…: the mailed link of a data archive. The archive is fetched with the session
 * (the link works only signed in to the account that asked for it) and saved; the link works once, for 24 hours.
 */
export function DataExportPage() {
  const [params] = useSearchParams();
  const id = params.get('export') ?? '';
  const token = params.get('token') ?? '';
  const download = useDownloadDataExport();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const valid = /^[0-9a-f-]{36}$/i.test(id) && token.length > 0;

  const save = async () => {
    setOutcome(null);
    try {
      const blob = await download.mutateAsync({ id, data: { token } });
      saveBlob(blob, `mes-donnees-${new Date().toISOString().slice(0, 10)}.zip`);
      setOutcome({ tone: 'success', text: dataExportTexts.done });
    } catch (error) {
      const text =
        isApiError(error) && error.status === 404
          ? dataExportTexts.invalid
          : isApiError(error) && [403, 410, 429].includes(error.status)
            ? error.message
            : dataExportTexts.failed;
      setOutcome({ tone: 'error', text });
    }
  };

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Espace client" title="Mes données" description="L’archive de tout ce que nous conservons sur votre compte." />
      <Card className="mt-8 max-w-2xl">
        {valid ? (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Un fichier ZIP : votre compte, vos sites, vos commandes et leurs photos, vos demandes et messages, les e-mails reçus, vos
              factures en PDF et vos connexions, décrits dans LISEZMOI.txt. Ce lien ne sert qu’une fois.
            </p>
            <div className="mt-5">
              <Button onClick={() => void save()} loading={download.isPending} disabled={outcome?.tone === 'success'}>
                Télécharger l’archive
              </Button>
            </div>
          </>
        ) : (
          <Alert tone="error">{dataExportTexts.invalid}</Alert>
        )}
        {outcome ? (
          <Alert tone={outcome.tone} className="mt-4">
            {outcome.text}
          </Alert>
        ) : null}
        <p className="mt-5 text-sm">
          <Link to={`${paths.dashboard.profile}#mes-donnees`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            Retour à mon profil
          </Link>
        </p>
      </Card>
    </Container>
  );
}
