// Generates the public site's illustrations (site mockups drawn in HTML/CSS, photographed by Chromium):
// a JPEG original and a WebP variant of each, at two widths, into frontend/src/assets/public/.
// Run: node bench/images/generate-images.ts   (needs /usr/bin/chromium; no network)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'frontend', 'src', 'assets', 'public');
mkdirSync(out, { recursive: true });

interface SiteTheme {
  name: string;
  domain: string;
  tagline: string;
  lead: string;
  cta: string;
  nav: string[];
  bg: string;
  ink: string;
  muted: string;
  accent: string;
  accentInk: string;
  surface: string;
  serif: boolean;
  art: string;
  cards: [string, string][];
}

const css = `
  * { box-sizing: border-box; margin: 0; padding: 0; }
  body { font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif; }
  .browser { border-radius: 14px; overflow: hidden; box-shadow: 0 30px 60px -20px rgba(15,23,42,.45), 0 0 0 1px rgba(15,23,42,.08); display: flex; flex-direction: column; }
  .bar { height: 38px; display: flex; align-items: center; gap: 8px; padding: 0 14px; }
  .dot { width: 11px; height: 11px; border-radius: 50%; }
  .url { margin-left: 14px; flex: 1; height: 22px; border-radius: 11px; font-size: 12px; display: flex; align-items: center; padding: 0 12px; }
  .site { flex: 1; display: flex; flex-direction: column; }
  .nav { display: flex; align-items: center; justify-content: space-between; padding: 18px 36px; }
  .logo { font-weight: 700; font-size: 20px; letter-spacing: -.02em; }
  .links { display: flex; gap: 22px; font-size: 14px; }
  .hero { display: grid; grid-template-columns: 1.05fr 1fr; gap: 32px; padding: 18px 36px 26px; align-items: center; }
  h1 { font-size: 40px; line-height: 1.08; letter-spacing: -.03em; }
  .lead { margin-top: 14px; font-size: 15px; line-height: 1.5; }
  .btns { display: flex; gap: 10px; margin-top: 20px; }
  .btn { padding: 11px 18px; border-radius: 9px; font-size: 14px; font-weight: 700; }
  .art { height: 250px; border-radius: 16px; position: relative; overflow: hidden; }
  .cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; padding: 0 36px 30px; }
  .card { border-radius: 12px; padding: 16px; }
  .card b { display: block; font-size: 15px; margin-bottom: 6px; }
  .card span { font-size: 12.5px; line-height: 1.45; display: block; }
  .band { margin-top: auto; display: flex; justify-content: space-between; align-items: center; padding: 16px 36px; font-size: 14px; }
  .serif h1, .serif .logo { font-family: 'DejaVu Serif', 'Liberation Serif', serif; }
`;

function browser(t: SiteTheme, chrome: { bar: string; url: string; urlInk: string }, height: number): string {
  return `
  <div class="browser ${t.serif ? 'serif' : ''}" style="height:${height}px;background:${t.bg};color:${t.ink}">
    <div class="bar" style="background:${chrome.bar}">
      <span class="dot" style="background:#f87171"></span><span class="dot" style="background:#fbbf24"></span><span class="dot" style="background:#34d399"></span>
      <span class="url" style="background:${chrome.url};color:${chrome.urlInk}">https://${t.domain}</span>
    </div>
    <div class="site">
      <div class="nav"><span class="logo">${t.name}</span><span class="links" style="color:${t.muted}">${t.nav.map((n) => `<span>${n}</span>`).join('')}</span></div>
      <div class="hero">
        <div>
          <h1>${t.tagline}</h1>
          <p class="lead" style="color:${t.muted}">${t.lead}</p>
          <div class="btns"><span class="btn" style="background:${t.accent};color:${t.accentInk}">${t.cta}</span><span class="btn" style="border:1.5px solid ${t.muted}55">Nous contacter</span></div>
        </div>
        <div class="art">${t.art}</div>
      </div>
      <div class="cards">${t.cards.map(([b, s]) => `<div class="card" style="background:${t.surface}"><b>${b}</b><span style="color:${t.muted}">${s}</span></div>`).join('')}</div>
      <div class="band" style="background:${t.accent};color:${t.accentInk}"><span>★★★★★ <b>4,9/5</b> · 128 avis clients</span><span>Ouvert du mardi au samedi · ${t.domain}</span></div>
    </div>
  </div>`;
}

const bakery: SiteTheme = {
  name: 'Boulangerie Martin',
  domain: 'boulangerie-martin.fr',
  tagline: 'Le bon pain, chaque matin depuis 1987',
  lead: 'Pains au levain, viennoiseries pur beurre et pâtisseries de saison, pétris à la main à Annecy.',
  cta: 'Commander en ligne',
  nav: ['Nos pains', 'Pâtisseries', 'Horaires', 'Contact'],
  bg: '#fffaf3',
  ink: '#3b2412',
  muted: '#7a5a3f',
  accent: '#c2410c',
  accentInk: '#fff',
  surface: '#f6e9d8',
  serif: true,
  art: `<div style="position:absolute;inset:0;background:linear-gradient(135deg,#f59e0b,#b45309)"></div>
        <div style="position:absolute;left:30px;top:60px;width:210px;height:110px;border-radius:60px;background:radial-gradient(circle at 40% 35%,#fde68a,#d97706 60%,#92400e);transform:rotate(-12deg);box-shadow:0 18px 30px rgba(0,0,0,.25)"></div>
        <div style="position:absolute;left:70px;top:85px;width:130px;height:6px;border-radius:3px;background:#fef3c7aa;transform:rotate(-12deg)"></div>
        <div style="position:absolute;left:80px;top:110px;width:110px;height:6px;border-radius:3px;background:#fef3c7aa;transform:rotate(-12deg)"></div>
        <div style="position:absolute;right:26px;top:36px;width:120px;height:120px;border-radius:50%;background:radial-gradient(circle at 35% 35%,#fcd34d,#b45309 70%);box-shadow:0 14px 24px rgba(0,0,0,.25)"></div>
        <div style="position:absolute;right:60px;bottom:22px;width:150px;height:64px;border-radius:40px 40px 14px 14px;background:radial-gradient(circle at 50% 20%,#fde68a,#c2410c 80%);box-shadow:0 14px 24px rgba(0,0,0,.25)"></div>`,
  cards: [
    ['Pains au levain', 'Farines bio du Genevois, fermentation lente de 24 heures.'],
    ['Viennoiseries', 'Croissants et pains au chocolat au beurre AOP.'],
    ['Commandes', 'Gâteaux d’anniversaire et buffets sur réservation.'],
  ],
};

const lawyer: SiteTheme = {
  name: 'Cabinet Lefèvre',
  domain: 'cabinet-lefevre-avocats.fr',
  tagline: 'Le droit des affaires, clairement expliqué',
  lead: 'Conseil juridique et accompagnement des TPE et PME : création, contrats, litiges commerciaux.',
  cta: 'Prendre rendez-vous',
  nav: ['Expertises', 'Honoraires', 'Le cabinet', 'Contact'],
  bg: '#f8fafc',
  ink: '#0f172a',
  muted: '#475569',
  accent: '#1d4ed8',
  accentInk: '#fff',
  surface: '#e2e8f0',
  serif: true,
  art: `<div style="position:absolute;inset:0;background:linear-gradient(160deg,#1e3a8a,#0f172a)"></div>
        <div style="position:absolute;left:50%;top:34px;width:6px;height:170px;margin-left:-3px;background:#cbd5e1"></div>
        <div style="position:absolute;left:50%;top:50px;width:220px;height:6px;margin-left:-110px;background:#cbd5e1;border-radius:3px"></div>
        <div style="position:absolute;left:calc(50% - 130px);top:56px;width:80px;height:80px;border-bottom:6px solid #93c5fd;border-radius:0 0 50% 50%"></div>
        <div style="position:absolute;left:calc(50% + 50px);top:56px;width:80px;height:80px;border-bottom:6px solid #93c5fd;border-radius:0 0 50% 50%"></div>
        <div style="position:absolute;left:50%;bottom:36px;width:120px;height:18px;margin-left:-60px;border-radius:6px;background:#cbd5e1"></div>
        <div style="position:absolute;right:-40px;top:-40px;width:160px;height:160px;border-radius:50%;background:#3b82f633"></div>`,
  cards: [
    ['Création d’entreprise', 'Statuts, pacte d’associés et formalités en une semaine.'],
    ['Contrats', 'CGV, baux commerciaux et contrats de prestation.'],
    ['Contentieux', 'Recouvrement de créances et défense devant le tribunal.'],
  ],
};

const garden: SiteTheme = {
  name: 'Atelier Verde',
  domain: 'atelier-verde-paysage.fr',
  tagline: 'Des jardins qui vous ressemblent',
  lead: 'Conception et entretien d’espaces verts pour particuliers et professionnels, autour de Nantes.',
  cta: 'Demander un devis',
  nav: ['Réalisations', 'Services', 'Entretien', 'Contact'],
  bg: '#f4faf6',
  ink: '#0f2e1f',
  muted: '#3f6150',
  accent: '#15803d',
  accentInk: '#fff',
  surface: '#dcefe3',
  serif: false,
  art: `<div style="position:absolute;inset:0;background:linear-gradient(180deg,#bae6fd 0%,#e0f2fe 45%,#86efac 46%,#16a34a 100%)"></div>
        <div style="position:absolute;right:40px;top:26px;width:54px;height:54px;border-radius:50%;background:#fde047"></div>
        <div style="position:absolute;left:30px;bottom:40px;width:90px;height:140px;border-radius:50% 50% 45% 45%;background:radial-gradient(circle at 40% 30%,#4ade80,#166534)"></div>
        <div style="position:absolute;left:71px;bottom:18px;width:8px;height:40px;background:#78350f"></div>
        <div style="position:absolute;left:150px;bottom:30px;width:70px;height:100px;border-radius:50%;background:radial-gradient(circle at 40% 30%,#86efac,#15803d)"></div>
        <div style="position:absolute;right:30px;bottom:24px;width:160px;height:34px;border-radius:20px;background:#a16207;opacity:.8"></div>
        <div style="position:absolute;right:50px;bottom:50px;width:26px;height:26px;border-radius:50%;background:#f472b6"></div>
        <div style="position:absolute;right:95px;bottom:54px;width:22px;height:22px;border-radius:50%;background:#fb923c"></div>
        <div style="position:absolute;right:135px;bottom:50px;width:24px;height:24px;border-radius:50%;background:#c084fc"></div>`,
  cards: [
    ['Création de jardins', 'Plans 3D, plantations et terrasses sur mesure.'],
    ['Entretien', 'Tonte, taille et désherbage raisonné toute l’année.'],
    ['Arrosage', 'Systèmes goutte-à-goutte économes en eau.'],
  ],
};

const lightChrome = { bar: '#e2e8f0', url: '#fff', urlInk: '#475569' };
const darkChrome = { bar: '#1e293b', url: '#0f172a', urlInk: '#94a3b8' };

function portfolioHtml(t: SiteTheme): string {
  return `<html><head><style>${css} body{width:1200px;height:750px;padding:34px 44px;background:linear-gradient(135deg,${t.surface},${t.bg})}</style></head>
  <body>${browser(t, lightChrome, 682)}</body></html>`;
}

function heroHtml(dark: boolean): string {
  const site: SiteTheme = dark
    ? { ...bakery, bg: '#111827', ink: '#f9fafb', muted: '#cbd5e1', surface: '#1f2937', accent: '#f59e0b', accentInk: '#1f1300' }
    : bakery;
  const background = dark
    ? 'radial-gradient(70% 80% at 20% 10%,#312e81 0%,transparent 60%),radial-gradient(60% 70% at 90% 90%,#0c4a6e 0%,transparent 60%),#020617'
    : 'radial-gradient(70% 80% at 15% 10%,#c7d2fe 0%,transparent 60%),radial-gradient(60% 70% at 95% 95%,#bae6fd 0%,transparent 60%),#eef2ff';
  const phoneBg = dark ? '#0f172a' : '#ffffff';
  const phoneInk = dark ? '#f1f5f9' : '#0f172a';
  const badge = dark
    ? 'background:#0f172acc;color:#e0e7ff;border:1px solid #334155'
    : 'background:#ffffffdd;color:#312e81;border:1px solid #c7d2fe';
  return `<html><head><style>${css}
    body{width:1280px;height:720px;background:${background};position:relative;overflow:hidden}
    .main{position:absolute;left:70px;top:58px;width:980px}
    .phone{position:absolute;right:62px;top:170px;width:250px;height:500px;border-radius:34px;background:#0f172a;padding:12px;box-shadow:0 40px 70px -20px rgba(2,6,23,.6)}
    .screen{width:100%;height:100%;border-radius:24px;background:${phoneBg};color:${phoneInk};overflow:hidden;padding:18px 16px}
    .pill{position:absolute;left:38px;bottom:36px;padding:12px 18px;border-radius:14px;font-size:17px;font-weight:700;${badge};box-shadow:0 10px 30px rgba(15,23,42,.2)}
  </style></head><body>
    <div class="main">${browser(site, dark ? darkChrome : lightChrome, 560)}</div>
    <div class="phone"><div class="screen">
      <div style="font-family:'DejaVu Serif',serif;font-weight:700;font-size:17px">Boulangerie Martin</div>
      <div style="margin-top:16px;height:150px;border-radius:14px;background:linear-gradient(135deg,#f59e0b,#b45309);position:relative;overflow:hidden">
        <div style="position:absolute;left:26px;top:40px;width:120px;height:64px;border-radius:40px;background:radial-gradient(circle at 40% 35%,#fde68a,#d97706 60%,#92400e);transform:rotate(-12deg)"></div>
      </div>
      <div style="margin-top:16px;font-family:'DejaVu Serif',serif;font-weight:700;font-size:20px;line-height:1.15">Le bon pain, chaque matin</div>
      <div style="margin-top:10px;font-size:12px;line-height:1.5;opacity:.75">Pains au levain et viennoiseries pur beurre, à Annecy.</div>
      <div style="margin-top:16px;padding:11px;border-radius:10px;background:${dark ? '#f59e0b' : '#c2410c'};color:${dark ? '#1f1300' : '#fff'};font-weight:700;font-size:13px;text-align:center">Commander en ligne</div>
      <div style="margin-top:12px;padding:11px;border-radius:10px;border:1.5px solid ${dark ? '#334155' : '#e2e8f0'};font-weight:700;font-size:13px;text-align:center">Horaires et accès</div>
    </div></div>
    <div class="pill">✓ En ligne en 24h</div>
  </body></html>`;
}

async function shoot(page: Page, html: string, name: string, width: number, height: number, sizes: number[]): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.setContent(html);
  const png = await page.screenshot({ type: 'png' });
  if (process.env.PREVIEW_DIR) writeFileSync(join(process.env.PREVIEW_DIR, `${name}.png`), png);
  for (const size of sizes) {
    const h = Math.round((height * size) / width);
    // Resize in the page (canvas, high quality), then encode JPEG (the original) and WebP.
    const encoded = await page.evaluate(
      async ({ data, w, h }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${data}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const ctx = canvas.getContext('2d')!;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(img, 0, 0, w, h);
        return { jpg: canvas.toDataURL('image/jpeg', 0.84), webp: canvas.toDataURL('image/webp', 0.8) };
      },
      { data: png.toString('base64'), w: size, h },
    );
    for (const [ext, url] of Object.entries(encoded)) {
      const file = join(out, `${name}-${size}.${ext}`);
      writeFileSync(file, Buffer.from(url.split(',')[1], 'base64'));
      console.log(`${file}  ${size}x${h}`);
    }
  }
}

const b = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await b.newPage();
await shoot(page, heroHtml(false), 'hero-light', 1280, 720, [640, 1280]);
await shoot(page, heroHtml(true), 'hero-dark', 1280, 720, [640, 1280]);
await shoot(page, portfolioHtml(bakery), 'portfolio-boulangerie', 1200, 750, [640, 1200]);
await shoot(page, portfolioHtml(lawyer), 'portfolio-cabinet', 1200, 750, [640, 1200]);
await shoot(page, portfolioHtml(garden), 'portfolio-paysagiste', 1200, 750, [640, 1200]);
await b.close();
