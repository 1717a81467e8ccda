/**
 * Spanish vocabulary of the generated catalogue: realistic course names and descriptions (with
 * accents, so the accent-insensitive search has real work) and learners' names.
 */
export const topics = [
  'ahorro',
  'inversión',
  'presupuesto familiar',
  'deudas',
  'tarjetas de crédito',
  'plazo fijo',
  'bonos',
  'acciones',
  'fondos comunes de inversión',
  'criptomonedas',
  'dólar MEP',
  'inflación',
  'jubilación',
  'emprendimiento',
  'impuestos',
  'monotributo',
  'finanzas personales',
  'economía doméstica',
  'seguros',
  'créditos hipotecarios',
  'préstamos personales',
  'cuentas remuneradas',
  'CEDEARs',
  'obligaciones negociables',
  'cauciones bursátiles',
  'gestión del riesgo',
  'diversificación',
  'interés compuesto',
  'fondo de emergencia',
  'metas financieras',
  'gastos hormiga',
  'educación financiera',
  'negociación salarial',
  'facturación',
  'costos y precios',
  'ventas online',
  'flujo de caja',
  'patrimonio',
  'herencias y sucesiones',
  'independencia económica',
];

export const prefixes = [
  'Introducción a',
  'Guía práctica de',
  'Claves de',
  'Todo sobre',
  'Taller de',
  'Cómo empezar con',
  'Estrategias de',
  'Dominá',
  'Primeros pasos en',
  'Masterclass:',
  'Entendé',
  'Organizá tu',
];

export const suffixes = [
  'para principiantes',
  'en Argentina',
  'paso a paso',
  'sin miedo',
  'para emprendedoras',
  'en tiempos de inflación',
  'desde cero',
  'nivel avanzado',
  'para tu familia',
  'con ejemplos reales',
  '',
  '',
];

/**
 * Filler for descriptions: a few hundred Spanish words around money, work and learning, picked
 * with a skewed (Zipf-like) distribution by the generator, with the usual function words between
 * them, so a search term matches a realistic share of the catalogue rather than most of it.
 */
export const vocabulary =
  `aprendé administrar dinero herramientas simples prácticas objetivos claros ingresos gastos
ahorro inversión rendimiento riesgo plazo banco billetera virtual transferencias tasa interés anual mensual cuotas
sorpresas decisiones informadas mujeres independencia económica planificación jubilación emprender negocio propio
clientes precios costos márgenes impuestos facturas monotributo inflación dólar pesos acciones bonos fondos comunes
cartera diversificada mercado bursátil análisis tendencias economía hogar familia hijos educación seguros emergencias
tarjeta crédito deuda refinanciar negociar salario aumento carrera confianza hábitos consumo consciente metas sueños
vivienda alquiler hipoteca préstamo patrimonio herencia testamento criptomonedas seguridad estafas digital ejercicios
planillas ejemplos casos reales expertas comunidad abogada contadora asesora broker agente cuenta comitente caja
débito efectivo ahorrista inversora emprendedora socia sociedad cooperativa microcrédito garantía aval fiador
escritura contrato cláusula rescisión indemnización aguinaldo vacaciones licencia maternidad obra social prepaga
salud bienestar tranquilidad libertad autonomía poder decisión pareja divorcio bienes gananciales régimen convivencia
acuerdo mediación pensión alimentos cuidado adultos mayores padres abuelos estudios universidad escuela cursos
capacitación oficio profesión freelance honorarios presupuestar cotizar vender comprar stock inventario proveedores
logística envíos tienda online redes sociales marketing publicidad marca identidad propuesta valor competencia nicho
público segmento encuesta precio mayorista minorista descuento promoción liquidación temporada feria exposición
evento networking mentora referente liderazgo negociación autoestima miedo culpa vergüenza creencias mandatos
conversación límites prioridades urgencias imprevistos colchón reserva liquidez solvencia rentabilidad volatilidad
horizonte perfil conservador moderado agresivo benchmark índice merval riesgo país brecha cambiaria cepo blue oficial
contado liquidación arbitraje cobertura futuros opciones caución pases lecap boncer bonte badlar plazo precancelable
uva dólar linked duales fideicomiso inmobiliario ladrillo terreno lote construcción refacción mudanza mueble
electrodoméstico auto moto nafta patente seguro automotor póliza franquicia siniestro reclamo defensa consumidor
banco central regulación normativa afip arca ingresos brutos iva ganancias bienes personales retenciones percepciones
exención deducción factura electrónica categoría recategorización régimen simplificado autónomos aportes jubilatorios
moratoria anses haber movilidad bono tarifa servicios luz gas agua internet celular plan abono suscripción streaming
supermercado almacén verdulería carnicería feria changuito lista compras comparar precios marcas segundas ofertas
cupones reintegros cashback billeteras cuenta dni modo mercado pago ualá brubank naranja transferencia alias cvu cbu
qr pos lector comisión costo financiero total tea tna cft amortización sistema francés alemán capital intereses
saldo resumen vencimiento pago mínimo financiación refinanciación mora punitorios embargo veraz historial scoring
bancarización inclusión financiera brecha género techo cristal paridad cuidados trabajo doméstico remunerado`
    .split(/\s+/)
    .filter(Boolean);

/** Spanish function words between the content words (dropped by the Spanish text-search config). */
export const functionWords = [
  'de',
  'la',
  'el',
  'y',
  'en',
  'para',
  'con',
  'tu',
  'que',
  'los',
  'las',
  'a',
  'un',
  'una',
  'sin',
  'por',
  'más',
];

export const firstNames = [
  'Ana',
  'María',
  'Lucía',
  'Sofía',
  'Valentina',
  'Camila',
  'Martina',
  'Julieta',
  'Florencia',
  'Agustina',
  'Carolina',
  'Paula',
  'Romina',
  'Daniela',
  'Victoria',
  'Josefina',
  'Milagros',
  'Belén',
  'Natalia',
  'Gabriela',
];

export const lastNames = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Benítez',
  'Acosta',
  'Medina',
];

/** What the search load types: whole words, prefixes, unaccented spellings, two-word queries. */
export const searchTerms = [
  'inversion',
  'ahorro',
  'presupuesto',
  'deudas',
  'tarjetas',
  'plazo fijo',
  'bonos',
  'acciones',
  'fondos comunes',
  'cripto',
  'dolar',
  'inflacion',
  'jubilación',
  'emprend',
  'impuestos',
  'monotributo',
  'finanzas personales',
  'seguros',
  'hipotecarios',
  'prestamos',
  'cedears',
  'obligaciones',
  'riesgo',
  'diversificacion',
  'interes compuesto',
  'emergencia',
  'metas',
  'gastos',
  'salarial',
  'ventas',
  'flujo de caja',
  'patrimonio',
  'herencias',
  'independencia',
  'argentina',
  'principiantes',
  'masterclass',
  'taller',
  'guia practica',
  'desde cero',
];
