import { GoneException, Inject, Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '../common/current-user';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { FILE_STORAGE, type FileStorage } from '../common/storage/file-storage';
import { Transactions } from '../database/transactions';
import { DataExports, tokenHash } from './data-exports';
import type { DataExportDto, DataExportListDto } from './dto/privacy.dto';
import { type ExportRow, PrivacyRepository } from './privacy.repository';

export const INVALID_LINK = 'Ce lien de téléchargement est invalide.';
export const EXPIRED_LINK = 'Ce lien a expiré (il était valable 24 heures) : demandez une nouvelle archive depuis votre profil.';
export const USED_LINK = 'Ce lien a déjà servi : demandez une nouvelle archive depuis votre profil.';
/** Requests an account may make in 24 hours. */
const PER_DAY = 5;

const toDto = (e: ExportRow): DataExportDto => ({
  id: e.id,
  status: e.status,
  requestedAt: e.createdAt.toISOString(),
  readyAt: e.readyAt?.toISOString() ?? null,
  expiresAt: e.expiresAt?.toISOString() ?? null,
  downloadedAt: e.downloadedAt?.toISOString() ?? null,
});

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * 'Mes données' of the profile: the requests of an archive (one at a time, five a day), their list, and the one
 * download of a ready archive with the mailed link, by its account only (another account, a forged or edited token:
 * 404; used or past its 24 hours: 410).
 */
@Injectable()
export class DataExportsService {
  constructor(
    private readonly repo: PrivacyRepository,
    private readonly worker: DataExports,
    private readonly rateLimit: RateLimitService,
    private readonly tx: Transactions,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async list(user: SessionUser): Promise<DataExportListDto> {
    return { exports: (await this.repo.exportsOf(user.id, 5)).map(toDto) };
  }

  /**
   * A new archive to prepare, or the one in preparation, or the one another request made while this one waited: six
   * clicks at once make one archive and one mail even when the worker finishes it between two of them. The account's
   * requests run one at a time (an advisory lock), and the database keeps one pending archive per account besides;
   * only a new row counts against the daily quota (in its transaction: refused by the quota, the row goes too). Built
   * in the background; its link is mailed.
   */
  async request(user: SessionUser): Promise<DataExportDto> {
    const [seen] = await this.repo.exportsOf(user.id, 1);
    if (seen?.status === 'pending') return toDto(seen);
    return this.tx.run(async (tx) => {
      await this.repo.lockExportRequests(user.id, tx);
      const [latest] = await this.repo.exportsOf(user.id, 1, tx);
      if (latest && (latest.status === 'pending' || (latest.id !== seen?.id && latest.status === 'ready'))) return toDto(latest);
      const row = await this.repo.insertPendingExport(user.id, tx);
      if (!row) throw new Error(`archive en attente inattendue pour ${user.id}`); // the lock and the check above exclude it
      await this.rateLimit.hit(
        {
          key: `data-export:user:${user.id}`,
          limit: PER_DAY,
          windowSeconds: 86_400,
          message: `Vous avez déjà demandé ${PER_DAY} archives aujourd'hui. Réessayez dans {minutes}.`,
        },
        tx,
      );
      this.tx.afterCommit(tx, () => this.worker.wake());
      return toDto(row);
    });
  }

  /** The archive, once: the link's token must be the one signed for it, its account the caller's. */
  async download(user: SessionUser, id: string, token: string): Promise<StreamableFile> {
    const row = await this.repo.findExport(id);
    if (!row || row.userId !== user.id || !row.tokenHash || !sameHash(tokenHash(token), row.tokenHash))
      throw new NotFoundException(INVALID_LINK);
    if (row.status === 'downloaded') throw new GoneException(USED_LINK);
    if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= new Date() || !row.fileKey) throw new GoneException(EXPIRED_LINK);
    // The token is the one stored for this archive: its signature must still bind it to this account and this end.
    if (!this.worker.verify(token, row)) throw new NotFoundException(INVALID_LINK);
    const bytes = await this.storage.get(row.fileKey);
    if (!bytes) throw new GoneException(EXPIRED_LINK);
    const key = await this.repo.takeDownload(row.id, user.id);
    if (!key) throw new GoneException(USED_LINK);
    await this.worker.removeFile(row.id, key);
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(bytes, {
      type: 'application/zip',
      disposition: `attachment; filename="mes-donnees-${day}.zip"`,
      length: bytes.length,
    });
  }
}
