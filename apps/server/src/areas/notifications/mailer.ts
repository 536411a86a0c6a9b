import nodemailer from 'nodemailer';

/** One e-mail: Vietnamese subject, plain text and simple HTML. */
export interface Mail {
  to: string;
  /** The sender when the school's settings name one; else SMTP_FROM. */
  from?: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * The notification e-mail (issue 17): SMTP through nodemailer when SMTP_URL is set, else none (e-mail is
 * off and the preferences page says so). `from` is the sender every mail goes out as.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string }): Mailer | null {
  if (!opts.smtpUrl) return null;
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: mail.from || opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of one notification: its title as the subject, its body, and a link into the app. */
export function noticeMail(n: { to: string; title: string; body: string; link: string | null; appUrl: string; schoolName: string }): Mail {
  const url = `${n.appUrl}${n.link ?? '/notifications'}`;
  const text = [n.title, '', n.body, '', `Xem trong ứng dụng: ${url}`, '', `— ${n.schoolName}`].filter((l, i) => l || i > 0).join('\n');
  const html = `<!doctype html><html lang="vi"><body style="font-family:sans-serif;line-height:1.5">
<h2 style="font-size:18px">${escapeHtml(n.title)}</h2>
${n.body ? `<p>${escapeHtml(n.body)}</p>` : ''}
<p><a href="${escapeHtml(url)}">Xem trong ứng dụng</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(n.schoolName)} · Bạn có thể tắt thông báo qua e-mail trong Thông tin cá nhân.</p>
</body></html>`;
  return { to: n.to, subject: `[Thông báo] ${n.title}`, text, html };
}
