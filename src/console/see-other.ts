import type { Request, Response } from 'express';

/**
 * Sends the browser on (303) once the session is stored. express-session
 * would store it as the response ends, but a browser follows a redirect as
 * soon as it has the headers, and could ask for the next page before a
 * sign-in or a one-time notice is saved.
 */
export async function seeOther(req: Request, res: Response, location: string): Promise<void> {
  const session = req.session as Request['session'] | undefined;
  if (session) {
    await new Promise<void>((resolve, reject) =>
      session.save((error?: Error) => (error ? reject(error) : resolve())),
    );
  }
  res.redirect(303, location);
}
