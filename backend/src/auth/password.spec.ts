import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it("hashes with argon2id at 19 MiB and 2 passes by default, the cost every environment but the tests' uses", async () => {
    const hash = await hashPassword('Tilleul-Pivoine-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hashPassword('Tilleul-Pivoine-42', 'full')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'Tilleul-Pivoine-42')).toBe(true);
    expect(await verifyPassword(hash, 'tilleul-pivoine-42')).toBe(false);
  });

  it("hashes at argon2's smallest cost when asked (the test harness), and verifies either whatever the cost asked", async () => {
    const cheap = await hashPassword('Tilleul-Pivoine-42', 'test-minimum');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'Tilleul-Pivoine-42', 'full')).toBe(true);
    expect(await verifyPassword(await hashPassword('Tilleul-Pivoine-42'), 'Tilleul-Pivoine-42', 'test-minimum')).toBe(true);
  });

  it('answers false for an account without a password, after checking against a throwaway hash', async () => {
    expect(await verifyPassword(null, 'Tilleul-Pivoine-42')).toBe(false);
    expect(await verifyPassword(undefined, 'Tilleul-Pivoine-42', 'test-minimum')).toBe(false);
  });
});
