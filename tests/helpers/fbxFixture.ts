// A minimal ASCII FBX 7.4 file written by hand for the tests: a cube of 8 vertices and 6 quads, one model,
// one Phong material with a diffuse colour, connected as a DCC tool would write them. three has no FBX
// exporter; this is the smallest file its FBXLoader reads as a real scene (the browser's conversion,
// src/features/catalogue/fbxToGlb.ts), and what server/files/sniff.ts recognises as FBX.

/** The FBX text of a cube of side `size` (the file's units) coloured `rgb` (0..1). */
export function cubeFbx(size = 1, rgb: [number, number, number] = [0.8, 0.1, 0.1]): string {
  const h = size / 2;
  const vertices = [
    [-h, -h, -h],
    [h, -h, -h],
    [h, h, -h],
    [-h, h, -h],
    [-h, -h, h],
    [h, -h, h],
    [h, h, h],
    [-h, h, h],
  ].flat();
  // Each polygon's last index is written as -(index + 1), FBX's end-of-polygon mark.
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ];
  const indices = quads.flatMap((q) => [q[0], q[1], q[2], -(q[3] + 1)]);
  return `; FBX 7.4.0 project file
; Written by the Visio3D tests (tests/helpers/fbxFixture.ts)
FBXHeaderExtension:  {
	FBXHeaderVersion: 1003
	FBXVersion: 7400
	Creator: "Visio3D tests"
}
GlobalSettings:  {
	Version: 1000
	Properties70:  {
		P: "UpAxis", "int", "Integer", "",1
		P: "UpAxisSign", "int", "Integer", "",1
		P: "FrontAxis", "int", "Integer", "",2
		P: "FrontAxisSign", "int", "Integer", "",1
		P: "CoordAxis", "int", "Integer", "",0
		P: "CoordAxisSign", "int", "Integer", "",1
		P: "UnitScaleFactor", "double", "Number", "",1
	}
}
Objects:  {
	Geometry: 1001, "Geometry::Cube", "Mesh" {
		Vertices: *${vertices.length} {
			a: ${vertices.join(',')}
		}
		PolygonVertexIndex: *${indices.length} {
			a: ${indices.join(',')}
		}
		GeometryVersion: 124
		LayerElementMaterial: 0 {
			Version: 101
			Name: ""
			MappingInformationType: "AllSame"
			ReferenceInformationType: "IndexToDirect"
			Materials: *1 {
				a: 0
			}
		}
		Layer: 0 {
			Version: 100
			LayerElement:  {
				Type: "LayerElementMaterial"
				TypedIndex: 0
			}
		}
	}
	Model: 2001, "Model::Cube", "Mesh" {
		Version: 232
		Properties70:  {
			P: "Lcl Translation", "Lcl Translation", "", "A",0,0,0
		}
		Shading: T
		Culling: "CullingOff"
	}
	Material: 3001, "Material::Peinture", "" {
		Version: 102
		ShadingModel: "phong"
		MultiLayer: 0
		Properties70:  {
			P: "DiffuseColor", "Color", "", "A",${rgb.join(',')}
			P: "Shininess", "double", "Number", "",20
		}
	}
}
Connections:  {
	C: "OO",2001,0
	C: "OO",1001,2001
	C: "OO",3001,2001
}
`;
}
