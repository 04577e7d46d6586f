import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  connection?: string;
}

/** Collects an answer's status, body and Connection header. */
function readAnswer(res: http.IncomingMessage, resolve: (answer: Answer) => void, reject: (error: Error) => void): void {
  let data = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (data += chunk));
  res.on('end', () => resolve({ status: res.statusCode!, body: data, connection: res.headers.connection }));
  res.on('error', reject);
}

/** One request on its own connection (no agent), its answer or the socket's error. */
export function send(url: string, options: http.RequestOptions = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...options }, (res) => readAnswer(res, resolve, reject));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A request truly in flight: its headers and the first bytes of its body are on the wire (the server is reading it),
 * the rest is sent by `finish()`. `sent` resolves once the first part is written.
 */
export function requestInFlight(
  url: string,
  options: http.RequestOptions,
  body: string,
): { sent: Promise<void>; finish(): void; answer: Promise<Answer> } {
  let req!: http.ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = http.request(
      url,
      { agent: false, ...options, headers: { ...options.headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => readAnswer(res, resolve, reject),
    );
    req.on('error', reject);
  });
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, 3), () => resolve()));
  answer.catch(() => undefined);
  return { sent, finish: () => req.end(body.slice(3)), answer };
}
