interface Props {
  id: string;
  title: string;
  intro?: string;
}

export function SectionHeading({ id, title, intro }: Props) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="font-heading text-3xl font-bold text-lake-800 md:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-slate-700">{intro}</p>}
    </div>
  );
}
