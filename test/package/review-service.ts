// The review service the README's short example calls, on a local port: a valid result, one with an extra property, 50 MB.
import { createServer, type Server } from 'node:http';

/** The review result the service sends at `/valid`. */
export const REVIEW = {
  tool: 'review_status',
  request_id: 'req.J7q94MkP',
  outcome: 'success',
  data: { change_id: 'CR-7', decision: 'approved', note: 'Reviewed by two people.' },
};

/** Starts the service on a free port of 127.0.0.1: `/valid`, `/extra` (one unexpected property), anything else 50 MB. */
export function startReviewService(): Promise<Server> {
  const service = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/valid') response.end(JSON.stringify(REVIEW));
    else if (request.url === '/extra')
      response.end(JSON.stringify({ ...REVIEW, data: { ...REVIEW.data, admin_override: true } }));
    else {
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const more = (): void => {
        while (sent < 50 && response.write(chunk)) sent++;
        if (sent >= 50) response.end();
        else response.once('drain', more);
      };
      response.on('error', () => undefined);
      more();
    }
  });
  return new Promise((resolve) => {
    service.listen(0, '127.0.0.1', () => {
      resolve(service);
    });
  });
}
