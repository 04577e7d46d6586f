import { render, screen } from '@testing-library/react';
import type { ApiKeyDto } from '../../api/generated/model';
import { apiKeyUseCountColumn } from './api-key-usage';

const key = (useCount: number): ApiKeyDto => ({
  id: 'k1',
  name: 'CRM',
  prefix: 'vk_live_0123456789ab',
  scopes: ['sites:read'],
  status: 'active',
  creatorName: 'Admin',
  creatorEmail: 'admin@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
  useCount,
  expiresAt: null,
  revokedAt: null,
});

describe('API key use count column', () => {
  it('shows the uses in French figures, and none as "Aucune"', () => {
    expect(apiKeyUseCountColumn.header).toBe('Utilisations');
    const { unmount } = render(<>{apiKeyUseCountColumn.cell(key(12345))}</>);
    expect(screen.getByText(/^12\s345$/)).toBeInTheDocument();
    unmount();
    render(<>{apiKeyUseCountColumn.cell(key(0))}</>);
    expect(screen.getByText('Aucune')).toBeInTheDocument();
  });
});
