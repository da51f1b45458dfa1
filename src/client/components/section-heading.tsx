interface Props {
  id: string;
  title: string;
  intro?: string;
  light?: boolean;
}

export function SectionHeading({ id, title, intro, light = false }: Props) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className={`font-heading text-3xl font-bold md:text-4xl ${light ? 'text-white' : 'text-lake-800'}`}>
        {title}
      </h2>
      {intro && <p className={`mt-4 ${light ? 'text-white/90' : 'text-slate-700'}`}>{intro}</p>}
    </div>
  );
}
