export function TabHeading({ title, description }: { title: string; description?: string }) {
  return (
    <div className="tab-heading">
      <h2 className="tab-heading__title">{title}</h2>
      {description && <p className="tab-heading__description">{description}</p>}
    </div>
  );
}
