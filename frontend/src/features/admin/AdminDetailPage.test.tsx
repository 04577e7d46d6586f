import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ApiError } from '../../api/http';
import { type AdminDetailQuery, AdminDetailPage } from './AdminDetailPage';

interface Thing {
  name: string;
  city: string;
}

function query(overrides: Partial<AdminDetailQuery<Thing>> = {}): AdminDetailQuery<Thing> {
  return { data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn(), ...overrides };
}

function renderFrame(q: AdminDetailQuery<Thing>) {
  render(
    <MemoryRouter>
      <AdminDetailPage
        query={q}
        kind="Fiche"
        title={(data) => data.name}
        description={(data) => <span data-testid="description">{data?.city ?? ''}</span>}
        back={{ to: '/admin/fiches', label: 'Retour aux fiches' }}
        notFound={{ title: 'Fiche introuvable', text: "Cette fiche n'existe pas." }}
        loadingText="Chargement de la fiche..."
        errorText="Impossible de charger la fiche."
        main={(data) => <h2>Détails de {data.name}</h2>}
        aside={(data) => <h2>À {data.city}</h2>}
      />
    </MemoryRouter>,
  );
}

const backLink = () => screen.getByRole('link', { name: 'Retour aux fiches' });

describe('AdminDetailPage', () => {
  it('says it is loading under a header that already has its place (kind as title, description line, way back)', () => {
    renderFrame(query({ isPending: true }));
    expect(screen.getByText('Administration · Fiche')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Fiche' })).toBeInTheDocument();
    expect(screen.getByTestId('description')).toBeEmptyDOMElement();
    expect(backLink()).toHaveAttribute('href', '/admin/fiches');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de la fiche...');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it("shows the error with 'Réessayer', which asks the query again", async () => {
    const user = userEvent.setup();
    const failed = query({ isError: true, error: new ApiError(500, undefined) });
    renderFrame(failed);
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger la fiche.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Fiche' })).toBeInTheDocument();
  });

  it("answers a 404 with its 'not found' page and the way back", () => {
    renderFrame(query({ isError: true, error: new ApiError(404, { statusCode: 404, message: 'Fiche introuvable' }) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Fiche introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Administration')).toBeInTheDocument();
    expect(screen.getByText("Cette fiche n'existe pas.")).toBeInTheDocument();
    expect(backLink()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('shows the loaded page: its title and description, the main and side columns', () => {
    renderFrame(query({ data: { name: 'Boulangerie Martin', city: 'Lyon' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Boulangerie Martin' })).toBeInTheDocument();
    expect(screen.getByTestId('description')).toHaveTextContent('Lyon');
    expect(screen.getByRole('heading', { level: 2, name: 'Détails de Boulangerie Martin' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'À Lyon' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(backLink()).toBeInTheDocument();
  });
});
