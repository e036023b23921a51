import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  desc?: string;
  extra?: ReactNode;
  children: ReactNode;
}

/** One titled block of the security tab. */
export function Section({ title, desc, extra, children }: SectionProps) {
  const id = useId();
  return (
    <section className="uc-section" aria-labelledby={id}>
      <header className="uc-section-head">
        <div>
          <h2 id={id} className="uc-section-title">
            {title}
          </h2>
          {desc && <p className="uc-section-desc">{desc}</p>}
        </div>
        {extra && <div className="uc-section-extra">{extra}</div>}
      </header>
      {children}
    </section>
  );
}
