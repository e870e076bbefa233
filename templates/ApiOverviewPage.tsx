import type { ApiOverviewView, OperationLinkView, SecuritySchemeView } from '../src/api-view.js';
import { ExternalLink } from './components/ExternalLink.js';
import { ApiHeading } from './components/api/ApiHeading.js';
import { HtmlBlock } from './components/api/HtmlBlock.js';
import { MethodBadge } from './components/api/MethodBadge.js';

export interface ApiOverviewPageProps {
  overview: ApiOverviewView;
}

/**
 * The API's front page: title and version, description, servers, how to authenticate, where
 * to download the description, contact and license, and every operation grouped by tag.
 */
export function ApiOverviewPage({ overview }: ApiOverviewPageProps) {
  return (
    <article className="markdown api-page api-overview">
      <header className="api-overview__header">
        <h1>{overview.title}</h1>
        {overview.version && <span className="api-version">Version {overview.version}</span>}
        {overview.summary && <p className="api-overview__summary">{overview.summary}</p>}
      </header>
      <HtmlBlock className="api-description" html={overview.descriptionHtml} />
      {overview.servers.length > 0 && (
        <section className="api-section">
          <ApiHeading level={2} id="servers" text="Servers" />
          <ul className="api-list">
            {overview.servers.map((server, i) => (
              <li key={i}>
                <code>{server.url}</code>
                <HtmlBlock className="api-description" html={server.descriptionHtml} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {overview.securitySchemes.length > 0 && (
        <section className="api-section">
          <ApiHeading level={2} id="authentication" text="Authentication methods" />
          {overview.securitySchemes.map((scheme) => (
            <SecurityScheme key={scheme.name} scheme={scheme} />
          ))}
        </section>
      )}
      <section className="api-section">
        <ApiHeading level={2} id="download" text="Download the description" />
        <p>
          <a className="api-download" href={overview.specUrl} download={overview.specFileName} type="application/json">
            Download {overview.specFileName}
          </a>{' '}
          (OpenAPI, JSON) to generate clients or import it into your API tools.
        </p>
      </section>
      <ContactAndLicense overview={overview} />
      <section className="api-section">
        <ApiHeading level={2} id="endpoints" text="Endpoints" />
        {overview.tagGroups && <TagGroupList groups={overview.tagGroups} />}
        {overview.tags.map((tag) => (
          <div key={tag.id} className="api-tag">
            <ApiHeading level={3} id={tag.id} text={tag.name} />
            <HtmlBlock className="api-description" html={tag.descriptionHtml} />
            <OperationList operations={tag.operations} />
          </div>
        ))}
        {overview.untagged.length > 0 && (
          <div className="api-tag">
            <ApiHeading level={3} id="other-endpoints" text="Other endpoints" />
            <OperationList operations={overview.untagged} />
          </div>
        )}
        {overview.webhooks && (
          <div className="api-tag">
            <ApiHeading level={3} id="webhooks" text="Webhooks" />
            <p>Requests the API sends to your endpoints when something happens.</p>
            <OperationList operations={overview.webhooks} />
          </div>
        )}
      </section>
    </article>
  );
}

/** One security scheme: how to send the credential, its description, OAuth 2.0 flows with their scopes. */
function SecurityScheme({ scheme }: { scheme: SecuritySchemeView }) {
  return (
    <div className="api-auth">
      <ApiHeading level={3} id={scheme.id} text={scheme.name} />
      <p>{scheme.words}</p>
      <HtmlBlock className="api-description" html={scheme.descriptionHtml} />
      {scheme.openIdConnectUrl && (
        <p>
          Discovery document: <ExternalLink href={scheme.openIdConnectUrl}>{scheme.openIdConnectUrl}</ExternalLink>
        </p>
      )}
      {scheme.flows?.map((flow) => (
        <div key={flow.kind} className="api-auth__flow">
          <p>
            <strong>{flow.label} flow</strong>
          </p>
          <ul className="api-list">
            {flow.authorizationUrl && (
              <li>
                Authorization URL: <code>{flow.authorizationUrl}</code>
              </li>
            )}
            {flow.tokenUrl && (
              <li>
                Token URL: <code>{flow.tokenUrl}</code>
              </li>
            )}
            {flow.refreshUrl && (
              <li>
                Refresh URL: <code>{flow.refreshUrl}</code>
              </li>
            )}
          </ul>
          {flow.scopes.length > 0 && (
            <div className="api-params-scroll">
              <table className="api-params">
                <caption className="sr-only">{`Scopes of the ${flow.label.toLowerCase()} flow`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Scope</th>
                    <th scope="col">Grants</th>
                  </tr>
                </thead>
                <tbody>
                  {flow.scopes.map((scope) => (
                    <tr key={scope.name}>
                      <td>
                        <code>{scope.name}</code>
                      </td>
                      <td>{scope.description ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

function ContactAndLicense({ overview }: ApiOverviewPageProps) {
  const { contact, license, termsOfService } = overview;
  if (!contact && !license && !termsOfService) return null;
  return (
    <section className="api-section">
      <ApiHeading level={2} id="contact-and-license" text="Contact and license" />
      <ul className="api-list">
        {contact && (
          <li>
            {'Contact: '}
            {contact.url ? <ExternalLink href={contact.url}>{contact.name ?? contact.url}</ExternalLink> : contact.name}
            {contact.email && (
              <>
                {contact.name || contact.url ? ', ' : ''}
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </>
            )}
          </li>
        )}
        {license && (
          <li>
            License: {license.url ? <ExternalLink href={license.url}>{license.name}</ExternalLink> : license.name}
          </li>
        )}
        {termsOfService && (
          <li>
            <ExternalLink href={termsOfService}>Terms of service</ExternalLink>
          </li>
        )}
      </ul>
    </section>
  );
}

/** Redoc's tag groups: each group's name with its tags, linked to their sections below. */
function TagGroupList({ groups }: { groups: NonNullable<ApiOverviewView['tagGroups']> }) {
  return (
    <ul className="api-list api-tag-groups">
      {groups.map((group) => (
        <li key={group.name}>
          <strong>{group.name}</strong>
          {': '}
          {group.tags.map((tag, i) => (
            <span key={tag.id}>
              {i > 0 && ', '}
              <a href={`#${tag.id}`}>{tag.name}</a>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** Operations as links: method badge, summary and path. */
export function OperationList({ operations }: { operations: OperationLinkView[] }) {
  return (
    <ul className="api-operations">
      {operations.map((operation) => (
        <li key={operation.href}>
          <a href={operation.href} className="api-operations__link">
            <MethodBadge method={operation.method} />
            <span className="api-operations__summary">{operation.summary}</span>
            <code className="api-operations__path">{operation.path}</code>
            {operation.kind && <span className={`api-flag api-flag--${operation.kind}`}>{operation.kind}</span>}
            {operation.deprecated && <span className="api-flag api-flag--deprecated">deprecated</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
