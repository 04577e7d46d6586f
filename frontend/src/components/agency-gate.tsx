import type { ReactNode } from 'react';
import type { AgencyResponseDto } from '../api/generated/model';
import { useAgency } from '../lib/site-info';
import { Button } from './ui/button';
import { Alert, Container, LoadingScreen } from './ui/card';

/** Renders its children with the agency's identity (GET /api/agency), with loading and error states. */
export function AgencyGate({ children }: { children: (agency: AgencyResponseDto) => ReactNode }) {
  const agency = useAgency();
  if (agency.data) return children(agency.data);
  if (agency.isError) {
    return (
      <Container className="py-16">
        <Alert tone="error">
          Impossible de charger cette page.{' '}
          <Button size="sm" variant="secondary" onClick={() => void agency.refetch()}>
            Réessayer
          </Button>
        </Alert>
      </Container>
    );
  }
  return <LoadingScreen />;
}
